import { describe, expect, it } from 'vitest'
import { field } from './field.test-helpers.js'
import {
  describeType,
  emptyItem,
  is64BitIntegerType,
  isBase64,
  itemField,
  parseNumber,
  withKey,
} from './field-value.js'

describe('withKey', () => {
  it('sets and removes keys without touching the original', () => {
    const original = { a: 1 }
    expect(withKey(original, 'b', 2)).toEqual({ a: 1, b: 2 })
    expect(withKey(original, 'a', undefined)).toEqual({})
    expect(original).toEqual({ a: 1 })
  })

  it('keeps a key it changes where it was typed, so the message is saved in the typed order', () => {
    const typed = { bookId: '1', zeta: true, alpha: 2 }
    expect(Object.keys(withKey(typed, 'bookId', 1))).toEqual(['bookId', 'zeta', 'alpha'])
    expect(Object.keys(withKey(typed, 'zeta', undefined))).toEqual(['bookId', 'alpha'])
    expect(Object.keys(withKey(typed, 'omega', 3))).toEqual(['bookId', 'zeta', 'alpha', 'omega'])
  })

  it('stores __proto__ as an own key instead of changing the prototype', () => {
    const next = withKey({}, '__proto__', { polluted: true })
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype)
    expect(Object.keys(next)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('parseNumber', () => {
  it('keeps 64-bit integers beyond 2^53 as strings so no digit is lost', () => {
    expect(parseNumber('int64', '9007199254740993')).toEqual({ ok: true, value: '9007199254740993' })
    expect(parseNumber('int32', '42')).toEqual({ ok: true, value: 42 })
  })

  it('rejects fractions for integers, accepts them for doubles, and treats blank as unset', () => {
    expect(parseNumber('int32', '1.5')).toEqual({ ok: false })
    expect(parseNumber('double', '1.5e3')).toEqual({ ok: true, value: 1500 })
    expect(parseNumber('double', ' ')).toEqual({ ok: true, value: undefined })
    expect(parseNumber('float', 'abc')).toEqual({ ok: false })
  })
})

describe('describeType and items', () => {
  it('names repeated, map, message and file fields', () => {
    expect(describeType(field({ type: 'int64', isRepeated: true }))).toBe('int64[]')
    expect(describeType(field({ isBinary: true, type: 'bytes' }))).toBe('file')
    expect(describeType(field({ isBinary: true, type: 'bytes' }), 'proto3')).toBe('bytes')
    const pet = { name: 'Pet', fullName: 'Pet', fields: [] }
    expect(describeType(field({ type: 'message', messageType: pet }))).toBe('Pet')
    expect(describeType(field({ isMap: true, mapKeyType: 'string', mapValueType: 'int32' }))).toBe('map<string, int32>')
  })

  it('edits repeated items and map values as single values of the element type', () => {
    expect(itemField(field({ isRepeated: true, required: true }))).toMatchObject({ isRepeated: false, required: false })
    expect(itemField(field({ isMap: true, mapValueType: 'bool' }))).toMatchObject({ type: 'bool', isMap: false })
    expect(emptyItem(field({ type: 'message' }))).toEqual({})
    expect(emptyItem(field({ type: 'enum', enumValues: [{ name: 'A', number: 0 }] }))).toBe('A')
  })
})

describe('proto3 helpers', () => {
  it('names the integer types proto3 JSON writes as strings', () => {
    expect(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64'].every((t) => is64BitIntegerType(t as 'int64'))).toBe(
      true,
    )
    expect(is64BitIntegerType('int32')).toBe(false)
    expect(is64BitIntegerType('double')).toBe(false)
  })

  it('accepts standard and URL-safe base64 with or without padding, and nothing else', () => {
    expect(isBase64('aGVsbG8=')).toBe(true)
    expect(isBase64('aGVsbG8')).toBe(true)
    expect(isBase64('_-8')).toBe(true)
    expect(isBase64('')).toBe(true)
    expect(isBase64('a')).toBe(false)
    expect(isBase64('not base64!')).toBe(false)
  })
})
