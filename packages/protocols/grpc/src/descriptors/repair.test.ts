import { describe, expect, it } from 'vitest'
import { create } from '@bufbuild/protobuf'
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
} from '@bufbuild/protobuf/wkt'
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt'
import { buildRegistry } from './file-registry.js'
import { repairDescriptors } from './repair.js'
import { wellKnownFiles } from './well-known.js'

const seeded = [...wellKnownFiles.values()].map((f) => f.proto)
const { MESSAGE, STRING, INT32 } = FieldDescriptorProto_Type
const { OPTIONAL, REPEATED } = FieldDescriptorProto_Label

/** What protobufjs (and so @grpc/reflection) sends: names relative to their scope, no imports, no json names. */
function malformed(): FileDescriptorProto[] {
  const shop = create(FileDescriptorProtoSchema, {
    name: 'shop_v1.proto',
    package: 'shop.v1',
    syntax: 'proto3',
    messageType: [
      {
        name: 'Order',
        field: [
          { name: 'order_id', number: 1, type: STRING, label: OPTIONAL },
          { name: 'lines', number: 2, type: MESSAGE, typeName: 'Line', label: REPEATED },
          { name: 'placed_at', number: 3, type: MESSAGE, typeName: 'google.protobuf.Timestamp', label: OPTIONAL },
          { name: 'money', number: 4, type: MESSAGE, typeName: 'common.Money', label: OPTIONAL },
          { name: 'note', number: 5, type: STRING, label: OPTIONAL, oneofIndex: 0 },
        ],
        oneofDecl: [{ name: '_note' }],
        nestedType: [{ name: 'Line', field: [{ name: 'qty', number: 1, type: INT32, label: OPTIONAL }] }],
      },
    ],
    service: [{ name: 'Shop', method: [{ name: 'Get', inputType: 'Order', outputType: 'shop.v1.Order' }] }],
  })
  const common = create(FileDescriptorProtoSchema, {
    name: 'common.proto',
    package: 'common',
    syntax: 'proto3',
    messageType: [{ name: 'Money', field: [{ name: 'units', number: 1, type: INT32, label: OPTIONAL }] }],
  })
  const renamedWkt = create(FileDescriptorProtoSchema, {
    name: 'google_protobuf.proto',
    package: 'google.protobuf',
    syntax: 'proto3',
    messageType: [{ name: 'Timestamp', field: [{ name: 'seconds', number: 1, type: INT32, label: OPTIONAL }] }],
  })
  return [shop, common, renamedWkt]
}

describe('repairDescriptors', () => {
  it('resolves relative type names against their scope, outward, and writes them fully qualified', () => {
    const { files, unresolved } = repairDescriptors(malformed(), seeded)
    expect(unresolved).toEqual([])
    const order = files[0]!.messageType[0]!
    expect(order.field.map((f) => f.typeName)).toEqual([
      '',
      '.shop.v1.Order.Line',
      '.google.protobuf.Timestamp',
      '.common.Money',
      '',
    ])
    expect(files[0]!.service[0]!.method[0]).toMatchObject({ inputType: '.shop.v1.Order', outputType: '.shop.v1.Order' })
  })

  it('infers imports from the referenced types and drops a renamed copy of the well-known types', () => {
    const { files } = repairDescriptors(malformed(), seeded)
    expect(files.map((f) => f.name)).toEqual(['shop_v1.proto', 'common.proto'])
    expect(files[0]!.dependency).toEqual(['common.proto', 'google/protobuf/timestamp.proto'])
  })

  it('fills empty json names and turns a one-field "_x" oneof into proto3 optional', () => {
    const { files } = repairDescriptors(malformed(), seeded)
    const order = files[0]!.messageType[0]!
    expect(order.field.map((f) => f.jsonName)).toEqual(['orderId', 'lines', 'placedAt', 'money', 'note'])
    expect(order.field[4]!.proto3Optional).toBe(true)
  })

  it('yields descriptors a protobuf-es registry accepts', () => {
    const registry = buildRegistry(repairDescriptors(malformed(), seeded).files)
    const order = registry.getMessage('shop.v1.Order')
    expect(order?.fields.map((f) => f.fieldKind)).toEqual(['scalar', 'list', 'message', 'message', 'scalar'])
    expect(order?.oneofs).toEqual([])
    expect(registry.getService('shop.v1.Shop')?.methods[0]?.input.typeName).toBe('shop.v1.Order')
  })

  it('reports a reference no file defines with the names it could mean, innermost first', () => {
    const [shop] = malformed()
    const { unresolved } = repairDescriptors([shop!], seeded)
    expect(unresolved).toEqual([
      {
        reference: 'common.Money',
        candidates: ['shop.v1.Order.common.Money', 'shop.v1.common.Money', 'shop.common.Money', 'common.Money'],
        file: 'shop_v1.proto',
      },
    ])
  })

  it('is idempotent: repairing repaired descriptors changes nothing', () => {
    const once = repairDescriptors(malformed(), seeded).files
    const snapshot = JSON.stringify(
      once.map((f) => ({ ...f, $typeName: undefined })),
      (_k, v: unknown) => v,
    )
    const twice = repairDescriptors(once, seeded).files
    expect(JSON.stringify(twice.map((f) => ({ ...f, $typeName: undefined })))).toBe(snapshot)
  })
})

describe('buildRegistry', () => {
  it('names a missing import and suggests uploading it', () => {
    const file = create(FileDescriptorProtoSchema, { name: 'a.proto', package: 'a', dependency: ['b/missing.proto'] })
    expect(() => buildRegistry([file])).toThrow(/b\/missing\.proto, imported by a\.proto, is missing/)
  })
})
