/**
 * What a selection set asks of one object: the fields under each response key, through inline and named fragments,
 * and whether every answer must carry the key. The inline walk (`validation.ts`) and the JSON Schema written for the
 * worker (`validation-schema.ts`) read a selection by these same rules, so they cannot disagree on what is expected.
 */
import { Kind, isAbstractType, isObjectType } from 'graphql'
import type {
  FragmentDefinitionNode,
  GraphQLNamedType,
  GraphQLOutputType,
  GraphQLSchema,
  SelectionSetNode,
} from 'graphql'

/** The schema and the operation document's named fragments. */
export interface SelectionScope {
  schema: GraphQLSchema
  fragments: Map<string, FragmentDefinitionNode>
}

/** One selected response key: the fields merged under it, and whether every response must carry it. */
export interface SelectedField {
  /** The field's name in the schema (the key may be an alias). */
  name: string
  /** Its type; undefined for `__typename` and for a field the schema does not know. */
  type: GraphQLOutputType | undefined
  selections: SelectionSetNode[]
  isRequired: boolean
}

/** `@skip`/`@include`: the server may leave the field out. */
export function isConditional(node: { directives?: readonly { name: { value: string } }[] | undefined }): boolean {
  return (node.directives ?? []).some((d) => d.name.value === 'skip' || d.name.value === 'include')
}

/** Whether a fragment on `condition` applies to an object of type `concrete` (unknown: it may or may not). */
export function fragmentApplies(
  scope: SelectionScope,
  condition: string | undefined,
  concrete: string | undefined,
): boolean | undefined {
  if (condition === undefined) return true
  if (concrete === undefined) return undefined
  if (condition === concrete) return true
  const abstract = scope.schema.getType(condition)
  const object = scope.schema.getType(concrete)
  if (!abstract || !object || !isAbstractType(abstract) || !isObjectType(object)) return false
  return scope.schema.isSubType(abstract, object)
}

/** Adds to `out` the fields `selectionSet` selects on `parent` for an object of type `concrete` (if known). */
export function collectSelected(
  scope: SelectionScope,
  parent: GraphQLNamedType,
  concrete: string | undefined,
  selectionSet: SelectionSetNode,
  isRequired: boolean,
  out: Map<string, SelectedField>,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value
      const key = selection.alias?.value ?? name
      const fields = 'getFields' in parent ? parent.getFields() : {}
      const type =
        name === '__typename' ? undefined : (fields as Record<string, { type: GraphQLOutputType }>)[name]?.type
      const entry = out.get(key) ?? { name, type, selections: [], isRequired: false }
      entry.isRequired ||= isRequired && !isConditional(selection)
      if (selection.selectionSet) entry.selections.push(selection.selectionSet)
      out.set(key, entry)
      continue
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : scope.fragments.get(selection.name.value)
    if (!fragment) continue
    const condition = fragment.typeCondition?.name.value
    const applied = fragmentApplies(scope, condition, concrete)
    if (applied === false) continue
    const type = condition === undefined ? parent : scope.schema.getType(condition)
    if (!type || !(isObjectType(type) || isAbstractType(type))) continue
    const required = isRequired && applied === true && !isConditional(selection)
    collectSelected(scope, type, concrete, fragment.selectionSet, required, out)
  }
}
