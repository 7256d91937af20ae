import { create, createRegistry } from '@bufbuild/protobuf'
import { AnySchema, DurationSchema, OptionSchema, TimestampSchema, TypeSchema, anyPack } from '@bufbuild/protobuf/wkt'
import { describe, expect, it } from 'vitest'
import { lenientJson } from './lenient-json.js'

// google.protobuf.Type holds Options, and an Option's value is an Any: a well-known shape to pack things into.
const registry = createRegistry(TypeSchema, DurationSchema, TimestampSchema)
const options = { registry }

function typeWith(values: ReturnType<typeof create<typeof AnySchema>>[]) {
  return create(TypeSchema, {
    name: 'T',
    options: values.map((value, i) => create(OptionSchema, { name: `o${i}`, value })),
  })
}

describe('lenientJson', () => {
  it('writes an Any whose bytes do not decode as its named type as type URL plus base64', () => {
    const broken = create(AnySchema, {
      typeUrl: 'type.googleapis.com/google.protobuf.Duration',
      value: new Uint8Array([0xff]),
    })
    const json = lenientJson(TypeSchema, typeWith([broken]), options) as { name: string; options: unknown[] }
    expect(json.name).toBe('T')
    expect(json.options).toEqual([
      { name: 'o0', value: { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '/w==' } },
    ])
  })

  it('marks a well-known type out of its JSON range at that field only', () => {
    const far = anyPack(TimestampSchema, create(TimestampSchema, { seconds: 999_999_999_999n }))
    const fine = anyPack(DurationSchema, create(DurationSchema, { seconds: 5n }))
    const json = lenientJson(TypeSchema, typeWith([far, fine]), options) as { options: { value: unknown }[] }
    expect(json.options[0]?.value).toMatchObject({
      '@type': 'type.googleapis.com/google.protobuf.Timestamp',
      value: { '@error': expect.stringContaining('9999-12-31') as unknown },
    })
    expect(json.options[1]?.value).toEqual({ '@type': 'type.googleapis.com/google.protobuf.Duration', value: '5s' })
  })

  it('writes a message the strict writer accepts exactly as it does', () => {
    const message = typeWith([anyPack(DurationSchema, create(DurationSchema, { seconds: 1n }))])
    expect(lenientJson(TypeSchema, message, options)).toEqual({
      name: 'T',
      options: [{ name: 'o0', value: { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '1s' } }],
    })
  })
})
