/**
 * Rewrites the operation in the query text when a field is picked or unpicked: the operation is printed anew (the rest
 * of the document is kept byte for byte), required arguments of added fields become variables, and variables only the
 * removed fields used are dropped.
 */
import {
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  print,
  TypeNameMetaFieldDef,
  visit,
  type ASTNode,
  type FieldNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type SelectionNode,
  type SelectionSetNode,
  type VariableDefinitionNode,
} from 'graphql'
import {
  defaultSelectionSet,
  fieldNode,
  isRequiredArg,
  nameNode,
  selectionSetNode,
  variableArgument,
  variableDefinition,
  type AnyField,
} from './default-selection.js'
import type { OperationTarget } from './operation-target.js'

export type PickStep = { kind: 'field'; name: string } | { kind: 'on'; type: string }

export interface TogglePickOptions {
  text: string
  schema: GraphQLSchema
  target: OperationTarget
  /** The root field the method stands for. */
  rootField: string
  /** Steps below the root field. */
  path: readonly PickStep[]
  isOn: boolean
}

interface EditContext {
  schema: GraphQLSchema
  /** Variable names taken (declared in the operation or added by this edit). */
  taken: Set<string>
  added: VariableDefinitionNode[]
  removed: ASTNode[]
}

export function fieldOf(type: GraphQLCompositeType, name: string): AnyField | undefined {
  if (name === '__typename') return TypeNameMetaFieldDef as AnyField
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined
}

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

function freshVariable(ctx: EditContext, field: string, arg: string): string {
  for (const candidate of [arg, `${field}${capitalize(arg)}`]) if (!ctx.taken.has(candidate)) return candidate
  let n = 2
  while (ctx.taken.has(`${arg}${n}`)) n++
  return `${arg}${n}`
}

/** A new selection of `field`: required arguments as fresh variables, and (for a leaf pick) its default selection. */
function newField(field: AnyField, ctx: EditContext, withDefaults: boolean): FieldNode {
  const args = field.args.filter(isRequiredArg).map((arg) => {
    const variable = freshVariable(ctx, field.name, arg.name)
    ctx.taken.add(variable)
    ctx.added.push(variableDefinition(variable, arg))
    return variableArgument(arg.name, variable)
  })
  const named = getNamedType(field.type)
  const selectionSet = isCompositeType(named)
    ? withDefaults
      ? defaultSelectionSet(named, 1)
      : selectionSetNode([])
    : undefined
  return fieldNode(field.name, selectionSet, args)
}

function newInlineFragment(type: GraphQLCompositeType, withDefaults: boolean): InlineFragmentNode {
  return {
    kind: Kind.INLINE_FRAGMENT,
    typeCondition: { kind: Kind.NAMED_TYPE, name: nameNode(type.name) },
    selectionSet: withDefaults ? (defaultSelectionSet(type, 1) ?? selectionSetNode([])) : selectionSetNode([]),
  }
}

const matches = (selection: SelectionNode, step: PickStep) =>
  step.kind === 'field'
    ? selection.kind === Kind.FIELD && selection.name.value === step.name
    : selection.kind === Kind.INLINE_FRAGMENT && selection.typeCondition?.name.value === step.type

function stepType(schema: GraphQLSchema, parent: GraphQLCompositeType, step: PickStep) {
  if (step.kind === 'on') {
    const type = schema.getType(step.type)
    return type && isCompositeType(type) ? { type } : undefined
  }
  const field = fieldOf(parent, step.name)
  return field ? { field, type: getNamedType(field.type) } : undefined
}

function editSet(
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  path: readonly PickStep[],
  isOn: boolean,
  ctx: EditContext,
): SelectionSetNode {
  const [step, ...rest] = path
  if (!step) return set
  const resolved = stepType(ctx.schema, parent, step)
  if (!resolved) return set
  const index = set.selections.findIndex((s) => matches(s, step))
  const selections = [...set.selections]
  if (rest.length === 0) {
    if (isOn) {
      if (index >= 0) return set
      const created =
        step.kind === 'field'
          ? newField(resolved.field!, ctx, true)
          : newInlineFragment(resolved.type as GraphQLCompositeType, true)
      return selectionSetNode([...selections, created])
    }
    ctx.removed.push(...selections.filter((s) => matches(s, step)))
    return selectionSetNode(selections.filter((s) => !matches(s, step)))
  }
  if (!isCompositeType(resolved.type)) return set
  let existing = selections[index] as FieldNode | InlineFragmentNode | undefined
  if (!existing) {
    if (!isOn) return set
    existing = step.kind === 'field' ? newField(resolved.field!, ctx, false) : newInlineFragment(resolved.type, false)
    selections.push(existing)
  }
  const child = editSet(existing.selectionSet ?? selectionSetNode([]), resolved.type, rest, isOn, ctx)
  const at = selections.indexOf(existing)
  if (child.selections.length === 0) {
    // An empty selection set is invalid: the parent goes with its last child.
    ctx.removed.push(existing)
    selections.splice(at, 1)
  } else {
    selections[at] = { ...existing, selectionSet: child }
  }
  return selectionSetNode(selections)
}

function variablesIn(nodes: readonly ASTNode[]): Set<string> {
  const names = new Set<string>()
  for (const node of nodes) {
    visit(node, {
      VariableDefinition: () => false,
      Variable: (variable) => {
        names.add(variable.name.value)
      },
    })
  }
  return names
}

/** The query text with the field at `path` picked (`isOn`) or unpicked; the text unchanged when nothing applies. */
export function togglePick(options: TogglePickOptions): string {
  const { text, schema, target, rootField, path, isOn } = options
  const { operation } = target
  const rootType = schema.getRootType(operation.operation)
  const rootDef = rootType?.getFields()[rootField]
  const location = operation.loc
  if (!rootType || !rootDef || !location) return text
  const ctx: EditContext = {
    schema,
    taken: new Set((operation.variableDefinitions ?? []).map((v) => v.variable.name.value)),
    added: [],
    removed: [],
  }
  const rootNamed = getNamedType(rootDef.type)
  const existing = target.rootField ?? newField(rootDef, ctx, false)
  const original = existing.selectionSet
  let set = original ?? selectionSetNode([])
  if (path.length > 0 && isCompositeType(rootNamed)) set = editSet(set, rootNamed, path, isOn, ctx)
  if (target.rootField && set === original) return text
  if (isCompositeType(rootNamed) && set.selections.length === 0) set = selectionSetNode([fieldNode('__typename')])
  const root: FieldNode = isCompositeType(rootNamed) ? { ...existing, selectionSet: set } : existing
  const selections = target.rootField
    ? operation.selectionSet.selections.map((s) => (s === target.rootField ? root : s))
    : [...operation.selectionSet.selections, root]
  const next = { ...operation, selectionSet: selectionSetNode(selections) }
  const stillUsed = variablesIn([next, ...target.fragments.values()])
  const dropped = [...variablesIn(ctx.removed)].filter((name) => !stillUsed.has(name))
  const variableDefinitions = [...(operation.variableDefinitions ?? []), ...ctx.added].filter(
    (v) => !dropped.includes(v.variable.name.value),
  )
  const printed = print({ ...next, variableDefinitions })
  return text.slice(0, location.start) + printed + text.slice(location.end)
}
