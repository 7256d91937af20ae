import { describe, expect, it } from 'vitest'
import type { FieldInfo } from '../model/wire.js'
import { substituteDeep } from '../variables/substitute.js'
import { exampleMessage } from './example-message.js'

const field = (patch: Partial<FieldInfo>): FieldInfo => ({
  name: 'f',
  number: 1,
  type: 'string',
  label: 'optional',
  isRepeated: false,
  isMap: false,
  required: false,
  isBinary: false,
  ...patch,
})

const message = (name: string, fields: FieldInfo[], patch: Partial<FieldInfo> = {}): FieldInfo =>
  field({ name, type: 'message', messageType: { name, fullName: `demo.${name}`, fields }, ...patch })
const wkt = (name: string, type: string) =>
  field({ name, type: 'message', messageType: { name: type, fullName: `google.protobuf.${type}`, fields: [] } })

describe('exampleMessage', () => {
  it('uses examples and defaults, samples required fields by type, and skips optional fields without a hint', () => {
    const filled = exampleMessage([
      field({ name: 'id', type: 'int32', required: true, example: 7 }),
      field({ name: 'limit', type: 'int32', defaultValue: 20 }),
      field({ name: 'note' }),
      field({ name: 'email', required: true, format: 'email' }),
      field({ name: 'tags', required: true, isRepeated: true }),
      field({ name: 'kind', type: 'enum', required: true, enumValues: [{ name: 'BOOK', number: 0 }] }),
      field({ name: 'file', required: true, isBinary: true, type: 'bytes' }),
    ])
    expect(filled).toEqual({ id: 7, limit: 20, email: 'ada@example.com', tags: ['example'], kind: 'BOOK' })
  })

  it('never fills a field with its own name: ids, names, emails, dates and numbers by name and format', () => {
    const filled = exampleMessage(
      [
        field({ name: 'bookId', format: 'id' }),
        field({ name: 'authorName' }),
        field({ name: 'contactEmail' }),
        field({ name: 'createdAt' }),
        field({ name: 'birthDate' }),
        field({ name: 'homepage', format: 'uri' }),
        field({ name: 'requestId', format: 'uuid' }),
        field({ name: 'pageSize', type: 'int32' }),
        field({ name: 'offset', type: 'int32' }),
        field({ name: 'price', type: 'double' }),
        field({ name: 'quantity', type: 'int32' }),
        field({ name: 'inStock', type: 'bool' }),
        field({ name: 'publishedOn', type: 'json', format: 'DateTime' }),
        field({ name: 'text' }),
      ].map((f) => ({ ...f, required: true })),
    )
    expect(filled).toEqual({
      bookId: '1',
      authorName: 'Ada Lovelace',
      contactEmail: 'ada@example.com',
      createdAt: '2024-05-01T12:00:00Z',
      birthDate: '2024-05-01',
      homepage: 'https://example.com',
      requestId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      pageSize: 10,
      offset: 0,
      price: 9.99,
      quantity: 1,
      inStock: true,
      publishedOn: '2024-05-01T12:00:00Z',
      text: 'Example text',
    })
    for (const [name, value] of Object.entries(filled)) expect(value, name).not.toBe(name)
  })

  it('fills every proto3 field to depth 4: nested messages, one oneof member, enums, maps, well-known types', () => {
    const location = message('location', [field({ name: 'latitude', type: 'double' })])
    const fields: FieldInfo[] = [
      field({ name: 'id' }),
      field({ name: 'total', type: 'uint64' }),
      field({ name: 'hash', type: 'bytes', isBinary: true }),
      field({
        name: 'status',
        type: 'enum',
        enumValues: [
          { name: 'STATUS_UNSPECIFIED', number: 0 },
          { name: 'STATUS_ONLINE', number: 1 },
        ],
      }),
      location,
      field({ name: 'solar', type: 'double', oneofName: 'power' }),
      field({ name: 'battery', type: 'int32', oneofName: 'power' }),
      field({ name: 'labels', isMap: true, mapKeyType: 'string', mapValueType: 'string' }),
      field({ name: 'readings', type: 'double', isRepeated: true }),
      wkt('installedAt', 'Timestamp'),
      wkt('interval', 'Duration'),
      wkt('nickname', 'StringValue'),
      wkt('extra', 'Struct'),
      wkt('payload', 'Any'),
      field({ name: 'nick', oneofName: '_nick' }),
    ]
    const filled = exampleMessage(fields, { flavor: 'proto3' })
    expect(filled).toEqual({
      id: 'id-1',
      total: '10',
      hash: 'LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=',
      status: 'STATUS_ONLINE',
      location: { latitude: 51.5074 },
      solar: 1.5,
      labels: { key: 'example' },
      readings: [1.5],
      installedAt: '2024-05-01T12:00:00Z',
      interval: '60s',
      nickname: 'ada',
      extra: {},
      nick: 'ada',
    })
  })

  it('keeps proto samples to the rules their comments state: slug ids, lengths, digest sizes', () => {
    const fields: FieldInfo[] = [
      field({ name: 'id', description: 'Lower-case letters, digits and dashes, 3 to 32 characters.' }),
      field({ name: 'code', description: 'At least 12 characters.' }),
      field({ name: 'tag', description: 'At most 4 characters.' }),
      field({ name: 'firmware_hash', type: 'bytes', isBinary: true, description: 'SHA-256 of the running firmware.' }),
      field({ name: 'legacy_digest', type: 'bytes', isBinary: true, description: 'Its MD5.' }),
      field({ name: 'blob', type: 'bytes', isBinary: true }),
    ]
    const filled = exampleMessage(fields, { flavor: 'proto3' })
    const bytesOf = (value: unknown) => Buffer.from(value as string, 'base64').length
    expect(filled.id).toMatch(/^[a-z0-9-]{3,32}$/)
    expect(filled.code).toHaveLength(12)
    expect((filled.tag as string).length).toBeLessThanOrEqual(4)
    expect(bytesOf(filled.firmware_hash)).toBe(32)
    expect(bytesOf(filled.legacy_digest)).toBe(16)
    expect(filled.blob).toBe('aGVsbG8=')
    // JSON APIs keep a bare number for a string id (their paths often carry numeric keys as strings).
    expect(exampleMessage([field({ name: 'bookId', required: true })])).toEqual({ bookId: '1' })
  })

  it('fills nested messages and stops at recursive ones', () => {
    const node: FieldInfo = field({ name: 'child', type: 'message', required: true })
    node.messageType = { name: 'Node', fullName: 'Node', fields: [field({ name: 'name', required: true }), node] }
    const filled = exampleMessage([node])
    expect(filled.child).toMatchObject({ name: 'Ada Lovelace', child: { name: 'Ada Lovelace' } })
    let depth = 0
    let cursor: unknown = filled
    while (cursor && typeof cursor === 'object' && 'child' in cursor) {
      cursor = cursor.child
      depth++
    }
    expect(depth).toBe(4)
  })

  it('makes examples, defaults and enum values from the document literal: substitution gives them back as written', () => {
    const fields = [
      field({ name: 'token', required: true, example: '${canarySecret}' }),
      field({ name: 'meta', type: 'json', defaultValue: { auth: 'Bearer ${canarySecret}', list: ['${x}'] } }),
      field({ name: 'mode', type: 'enum', required: true, enumValues: [{ name: '${canarySecret}', number: 0 }] }),
    ]
    const filled = exampleMessage(fields)
    const sent = substituteDeep(filled, { scopes: [{ canarySecret: 'LEAKED', x: 'LEAKED' }] })
    expect(sent).toEqual({
      value: {
        token: '${canarySecret}',
        meta: { auth: 'Bearer ${canarySecret}', list: ['${x}'] },
        mode: '${canarySecret}',
      },
      unknown: [],
    })
  })
})
