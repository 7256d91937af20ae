/** The rows the field picker shows under a type: its fields (with their arguments) and, for abstract types, one `... on` row per possible type. */
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  TypeNameMetaFieldDef,
  type GraphQLCompositeType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql'
import { isRequiredArg, type AnyField } from './default-selection.js'
import type { PickStep } from './selection-edit.js'

export interface PickerArg {
  name: string
  type: string
  isRequired: boolean
}

export type PickerEntry =
  | {
      kind: 'field'
      step: PickStep
      name: string
      typeLabel: string
      /** Set when the field has a selection set of its own. */
      childType?: GraphQLCompositeType
      args: PickerArg[]
      description?: string
      deprecationReason?: string
    }
  | { kind: 'on'; step: PickStep; name: string; childType: GraphQLCompositeType; description?: string }

function fieldEntry(field: AnyField): PickerEntry {
  const named = getNamedType(field.type)
  return {
    kind: 'field',
    step: { kind: 'field', name: field.name },
    name: field.name,
    typeLabel: String(field.type),
    ...(isCompositeType(named) ? { childType: named } : {}),
    args: field.args.map((arg) => ({ name: arg.name, type: String(arg.type), isRequired: isRequiredArg(arg) })),
    ...(field.description ? { description: field.description } : {}),
    ...(field.deprecationReason ? { deprecationReason: field.deprecationReason } : {}),
  }
}

/** Rows under `type`: `__typename` first for interfaces and unions, then the fields, then the possible types. */
export function pickerEntries(schema: GraphQLSchema, type: GraphQLNamedType): PickerEntry[] {
  if (!isCompositeType(type)) return []
  const entries: PickerEntry[] = []
  if (isAbstractType(type)) entries.push(fieldEntry(TypeNameMetaFieldDef as AnyField))
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) entries.push(fieldEntry(field))
  }
  if (isAbstractType(type)) {
    for (const possible of schema.getPossibleTypes(type)) {
      entries.push({
        kind: 'on',
        step: { kind: 'on', type: possible.name },
        name: possible.name,
        childType: possible,
        ...(possible.description ? { description: possible.description } : {}),
      })
    }
  }
  return entries
}

/** Case-insensitive match on the row's name (the filter box of big types). */
export function filterEntries(entries: readonly PickerEntry[], filter: string): PickerEntry[] {
  const needle = filter.trim().toLowerCase()
  if (!needle) return [...entries]
  return entries.filter((e) => e.name.toLowerCase().includes(needle))
}

export function pathKey(path: readonly PickStep[]): string {
  return path.map((s) => (s.kind === 'field' ? s.name : `...${s.type}`)).join('/')
}
