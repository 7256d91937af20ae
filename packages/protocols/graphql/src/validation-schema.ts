/**
 * An operation's response as JSON Schema 2020-12, for answers too large to walk on the main thread: the server's
 * worker checks them with the checker REST uses. It states what the inline walk checks (selected fields present,
 * nothing unselected, nullability, lists, scalars, enum values, `__typename` among an abstract type's possible
 * types), with one branch per group of concrete types that the fragments select alike.
 */
import { Kind, getNamedType, isAbstractType, isEnumType, isListType, isNonNullType, isScalarType } from 'graphql'
import type {
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql'
import { collectSelected, fragmentApplies } from './selected-fields.js'
import type { SelectedField, SelectionScope } from './selected-fields.js'

type JsonSchema = Record<string, unknown>

type Build = SelectionScope

/** Every type condition in the selection (through fragments): what tells one concrete type's fields from another's. */
function conditions(build: Build, selections: SelectionSetNode[], out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 32) return out
  for (const set of selections) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) continue
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : build.fragments.get(selection.name.value)
      if (!fragment) continue
      const condition = fragment.typeCondition?.name.value
      if (condition !== undefined) out.add(condition)
      conditions(build, [fragment.selectionSet], out, depth + 1)
    }
  }
  return out
}

function objectSchema(
  build: Build,
  parent: GraphQLCompositeType,
  concrete: GraphQLObjectType | undefined,
  selections: SelectionSetNode[],
  depth: number,
): JsonSchema {
  const expected = new Map<string, SelectedField>()
  for (const selection of selections) collectSelected(build, parent, concrete?.name, selection, true, expected)
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const [key, entry] of expected) {
    if (entry.isRequired) required.push(key)
    properties[key] = entry.type
      ? valueSchema(build, entry.type, entry.selections, depth + 1)
      : entry.name === '__typename'
        ? { type: 'string' }
        : {}
  }
  return { properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false }
}

/** A composite value: one object schema, or for an abstract type a branch per group of concrete types. */
function compositeSchema(
  build: Build,
  type: GraphQLCompositeType,
  selections: SelectionSetNode[],
  depth: number,
): JsonSchema {
  if (!isAbstractType(type)) return objectSchema(build, type, type, selections, depth)
  const possible = build.schema.getPossibleTypes(type)
  const named = [...conditions(build, selections)]
  // Concrete types that the same fragments apply to get the same fields: one branch each group.
  const groups = new Map<string, GraphQLObjectType[]>()
  for (const concrete of possible) {
    const signature = named
      .filter((condition) => fragmentApplies(build, condition, concrete.name) === true)
      .join('\u0000')
    groups.set(signature, [...(groups.get(signature) ?? []), concrete])
  }
  const branches = [...groups.values()].map((members) => ({
    if: { properties: { __typename: { enum: members.map((m) => m.name) } } },
    then: objectSchema(build, type, members[0], selections, depth),
  }))
  return {
    // Without `__typename` nothing says which concrete type it is: what any fragment selects may be there.
    if: { required: ['__typename'] },
    then: { properties: { __typename: { enum: possible.map((p) => p.name) } }, allOf: branches },
    else: objectSchema(build, type, undefined, selections, depth),
  }
}

function scalarSchema(name: string): JsonSchema {
  switch (name) {
    case 'Int':
      return { type: 'integer', minimum: -2147483647, maximum: 2147483647 }
    case 'Float':
      return { type: 'number' }
    case 'String':
    case 'ID':
      return { type: 'string' }
    case 'Boolean':
      return { type: 'boolean' }
    default:
      // A custom scalar's serialization is the server's own business.
      return {}
  }
}

/** `type` says what JSON type the value has; a nullable position adds `null` to it (or to the enum). */
function valueSchema(build: Build, type: GraphQLOutputType, selections: SelectionSetNode[], depth: number): JsonSchema {
  const isNullable = !isNonNullType(type)
  const inner = isNonNullType(type) ? type.ofType : type
  const withNull = (schema: JsonSchema, jsonType: string | undefined): JsonSchema => {
    if (jsonType === undefined) return schema
    return { ...schema, type: isNullable ? [jsonType, 'null'] : jsonType }
  }
  if (depth > 64) return {}
  if (isListType(inner)) {
    return withNull({ items: valueSchema(build, inner.ofType, selections, depth + 1) }, 'array')
  }
  const named = getNamedType(inner)
  if (isScalarType(named)) {
    const { type: jsonType, ...rest } = scalarSchema(named.name)
    return withNull(rest, jsonType as string | undefined)
  }
  if (isEnumType(named)) {
    const values: unknown[] = named.getValues().map((v) => v.name)
    return { enum: isNullable ? [...values, null] : values }
  }
  return withNull(compositeSchema(build, named, selections, depth), 'object')
}

/**
 * The schema of a whole response body to `operation`: `data` as the operation selects it (null allowed, as an
 * answer with errors has it); `errors` and the rest are reported by the caller, which has read them already.
 */
export function operationResponseSchema(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
): JsonSchema | undefined {
  const root = schema.getRootType(operation.operation)
  if (!root) return undefined
  const build: Build = { schema, fragments }
  const data = objectSchema(build, root, root, [operation.selectionSet], 0)
  return { type: 'object', properties: { data: { ...data, type: ['object', 'null'] } } }
}
