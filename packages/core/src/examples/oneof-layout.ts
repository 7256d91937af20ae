/** Lays out a message's fields: plain fields in order, and each protobuf oneof as one group where its first member stands. */
import type { FieldInfo } from '../model/wire.js'

export type FieldLayoutItem =
  { kind: 'field'; field: FieldInfo } | { kind: 'oneof'; name: string; members: FieldInfo[] }

/** proto3 `optional` fields sit in a synthetic one-member oneof named `_<field>`: they are plain fields to the user. */
function isSynthetic(name: string, members: readonly FieldInfo[]): boolean {
  return members.length === 1 && name === `_${members[0]?.name ?? ''}`
}

export function layoutFields(fields: readonly FieldInfo[]): FieldLayoutItem[] {
  const groups = new Map<string, FieldInfo[]>()
  for (const field of fields) {
    if (!field.oneofName) continue
    groups.set(field.oneofName, [...(groups.get(field.oneofName) ?? []), field])
  }
  const items: FieldLayoutItem[] = []
  const placed = new Set<string>()
  for (const field of fields) {
    const name = field.oneofName
    const members = name ? groups.get(name) : undefined
    if (!name || !members || isSynthetic(name, members)) {
      items.push({ kind: 'field', field })
      continue
    }
    if (placed.has(name)) continue
    placed.add(name)
    items.push({ kind: 'oneof', name, members })
  }
  return items
}
