/** The form's value checks accept the example message core generates, so "Fill example" never starts with a problem. */
import type { FieldInfo } from '@wirebench/core'
import { exampleMessage } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { field } from './field.test-helpers.js'
import { checkMessage } from './value-check.js'

const message = (name: string, fields: FieldInfo[], patch: Partial<FieldInfo> = {}): FieldInfo =>
  field({ name, type: 'message', messageType: { name, fullName: `demo.${name}`, fields }, ...patch })
const wkt = (name: string, type: string) =>
  field({ name, type: 'message', messageType: { name: type, fullName: `google.protobuf.${type}`, fields: [] } })

describe('exampleMessage in the form', () => {
  it('accepts the proto3 example core generates for every kind of field', () => {
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
    expect(checkMessage(fields, filled, { flavor: 'proto3', stage: 'draft' }).problems).toEqual([])
  })
})
