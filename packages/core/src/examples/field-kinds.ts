/** Families of field types a generated example treats alike (numbers, proto3's 64-bit integers written as strings). */
import { isIntegerFieldType } from '../model/wire.js'
import type { FieldType } from '../model/wire.js'

const sixtyFourBit: ReadonlySet<FieldType> = new Set<FieldType>(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64'])

export function isIntegerType(type: FieldType | undefined): boolean {
  return type !== undefined && isIntegerFieldType(type)
}

/** The integer types proto3 JSON writes as strings. */
export function is64BitIntegerType(type: FieldType | undefined): boolean {
  return type !== undefined && sixtyFourBit.has(type)
}

export function isNumericType(type: FieldType | undefined): boolean {
  return isIntegerType(type) || type === 'double' || type === 'float'
}
