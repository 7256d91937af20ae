import { createRegistry } from '@bufbuild/protobuf'
import { FieldSchema, TypeSchema } from '@bufbuild/protobuf/wkt'
import { describe, expect, it } from 'vitest'
import { createCodec } from './codec.js'

const codec = createCodec(createRegistry(FieldSchema, TypeSchema), { emitDefaultValues: false })

describe('a request that does not decode', () => {
  it('names the allowed values of an enum field given a value it does not have', () => {
    expect(() => codec.decode(FieldSchema, { cardinality: 'NOPE' }, 'Request')).toThrow(
      'Request: field cardinality: "NOPE" is not a value of google.protobuf.Field.Cardinality; it takes ' +
        'CARDINALITY_UNKNOWN, CARDINALITY_OPTIONAL, CARDINALITY_REQUIRED, CARDINALITY_REPEATED.',
    )
  })

  it('names the innermost field of a nested message, and the allowed values of a repeated enum', () => {
    expect(() => codec.decode(TypeSchema, { fields: [{ name: 'a' }, { kind: 7.5 }] }, 'Request')).toThrow(
      /^Request: field fields\[1\]\.kind: 7\.5 is not a value of google\.protobuf\.Field\.Kind; it takes TYPE_UNKNOWN, TYPE_DOUBLE, .*TYPE_SINT64\.$/,
    )
  })
})
