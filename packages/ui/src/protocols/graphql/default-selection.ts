/** Default selection sets (scalar and enum fields to a modest depth) and the AST pieces the selection editor builds with. */
import {
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  Kind,
  parseType,
  type ArgumentNode,
  type FieldNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLNamedType,
  type SelectionNode,
  type SelectionSetNode,
  type VariableDefinitionNode,
} from 'graphql'

export type AnyField = GraphQLField<unknown, unknown>

export function isRequiredArg(arg: GraphQLArgument): boolean {
  return isNonNullType(arg.type) && arg.defaultValue === undefined
}

export function hasRequiredArgs(field: AnyField): boolean {
  return field.args.some(isRequiredArg)
}

export function nameNode(value: string): { kind: Kind.NAME; value: string } {
  return { kind: Kind.NAME, value }
}

export function fieldNode(name: string, selectionSet?: SelectionSetNode, args: ArgumentNode[] = []): FieldNode {
  return {
    kind: Kind.FIELD,
    name: nameNode(name),
    ...(args.length > 0 ? { arguments: args } : {}),
    ...(selectionSet ? { selectionSet } : {}),
  }
}

export function selectionSetNode(selections: readonly SelectionNode[]): SelectionSetNode {
  return { kind: Kind.SELECTION_SET, selections }
}

/** `arg: $variable` */
export function variableArgument(arg: string, variable: string): ArgumentNode {
  return { kind: Kind.ARGUMENT, name: nameNode(arg), value: { kind: Kind.VARIABLE, name: nameNode(variable) } }
}

/** `$variable: Type` for an argument's declared type. */
export function variableDefinition(variable: string, arg: GraphQLArgument): VariableDefinitionNode {
  return {
    kind: Kind.VARIABLE_DEFINITION,
    variable: { kind: Kind.VARIABLE, name: nameNode(variable) },
    type: parseType(String(arg.type)),
  }
}

const onlyTypename = (set: SelectionSetNode) =>
  set.selections.every((s) => s.kind === Kind.FIELD && s.name.value === '__typename')

/**
 * The fields a selection of `type` gets by default: its scalar and enum fields, and composite fields down to `depth`
 * levels (fields with required arguments or deprecated ones skipped, `__typename` first for interfaces and unions). A
 * type with nothing selectable gets `__typename` so the selection stays valid. Leaf types have no selection set.
 */
export function defaultSelectionSet(type: GraphQLNamedType, depth: number): SelectionSetNode | undefined {
  if (isLeafType(type)) return undefined
  const selections: SelectionNode[] = []
  if (isAbstractType(type)) selections.push(fieldNode('__typename'))
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      // Deprecated fields stay out: the editor would open every method on a deprecation warning.
      if (hasRequiredArgs(field) || field.deprecationReason != null) continue
      const named = getNamedType(field.type)
      if (isLeafType(named)) {
        selections.push(fieldNode(field.name))
      } else if (depth > 1) {
        const nested = defaultSelectionSet(named, depth - 1)
        if (nested && (!onlyTypename(nested) || isAbstractType(named))) selections.push(fieldNode(field.name, nested))
      }
    }
  }
  if (selections.length === 0) selections.push(fieldNode('__typename'))
  return selectionSetNode(selections)
}
