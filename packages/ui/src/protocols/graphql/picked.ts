/** What a selection set picks, read from the query text: the model behind the field picker's checkboxes. */
import { Kind, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql'

export interface Picked {
  /** Field name → its sub-selection (null for a leaf). Aliased selections of one field merge. */
  fields: Map<string, Picked | null>
  /** Inline fragments by type condition. */
  on: Map<string, Picked>
  /** Keys (`name` or `on:Type`) picked only through named fragment spreads: shown, but edited in the text. */
  viaSpread: Set<string>
}

export const emptyPicked = (): Picked => ({ fields: new Map(), on: new Map(), viaSpread: new Set() })

function mergeInto(target: Picked, source: Picked): void {
  for (const [name, sub] of source.fields) {
    const current = target.fields.get(name)
    if (current && sub) mergeInto(current, sub)
    else if (!target.fields.has(name)) target.fields.set(name, sub)
  }
  for (const [type, sub] of source.on) {
    const current = target.on.get(type)
    if (current) mergeInto(current, sub)
    else target.on.set(type, sub)
  }
}

export interface ReadOptions {
  fragments: ReadonlyMap<string, FragmentDefinitionNode>
  /** The type the selection set is on (named spreads and inline fragments on that same type merge in place). */
  parentType: string
  /** The named type of a field (from the schema), so nested selections know their own type. */
  fieldType: (parentType: string, field: string) => string | undefined
}

/** Reads a selection set into a Picked tree; named spreads are followed once each (a cycle is invalid GraphQL anyway). */
export function readPicked(set: SelectionSetNode | undefined, options: ReadOptions, seen = new Set<string>()): Picked {
  const picked = emptyPicked()
  if (!set) return picked
  const spreads: Picked = emptyPicked()
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const sub = selection.selectionSet
        ? readPicked(
            selection.selectionSet,
            { ...options, parentType: options.fieldType(options.parentType, selection.name.value) ?? '' },
            seen,
          )
        : null
      mergeInto(picked, { fields: new Map([[selection.name.value, sub]]), on: new Map(), viaSpread: new Set() })
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition?.name.value
      const sub = readPicked(selection.selectionSet, { ...options, parentType: type ?? options.parentType }, seen)
      if (!type || type === options.parentType) mergeInto(picked, sub)
      else mergeInto(picked, { fields: new Map(), on: new Map([[type, sub]]), viaSpread: new Set() })
    } else {
      const name = selection.name.value
      const fragment = options.fragments.get(name)
      if (!fragment || seen.has(name)) continue
      const type = fragment.typeCondition.name.value
      const sub = readPicked(fragment.selectionSet, { ...options, parentType: type }, new Set([...seen, name]))
      if (type === options.parentType) mergeInto(spreads, sub)
      else mergeInto(spreads, { fields: new Map(), on: new Map([[type, sub]]), viaSpread: new Set() })
    }
  }
  for (const name of spreads.fields.keys()) if (!picked.fields.has(name)) picked.viaSpread.add(name)
  for (const type of spreads.on.keys()) if (!picked.on.has(type)) picked.viaSpread.add(`on:${type}`)
  mergeInto(picked, spreads)
  return picked
}
