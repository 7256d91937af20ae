import { describe, expect, it } from 'vitest'
import { field } from './field.test-helpers.js'
import { durationProblem, timestampProblem, unwrappedField, wellKnownKind } from './well-known.js'

const message = (fullName: string) =>
  field({ type: 'message', messageType: { name: fullName.split('.').pop()!, fullName, fields: [] } })

describe('well-known types', () => {
  it('recognises them by the message full name (with or without a leading dot) or the format mark', () => {
    expect(wellKnownKind(message('google.protobuf.Timestamp'))).toBe('timestamp')
    expect(wellKnownKind(message('.google.protobuf.Duration'))).toBe('duration')
    expect(wellKnownKind(message('google.protobuf.Int64Value'))).toBe('wrapper')
    expect(wellKnownKind(message('google.protobuf.Struct'))).toBe('json')
    expect(wellKnownKind(field({ type: 'string', format: 'google.protobuf.Timestamp' }))).toBe('timestamp')
    expect(wellKnownKind(message('acme.Timestamp'))).toBeUndefined()
    expect(wellKnownKind(field({ format: 'date-time' }))).toBeUndefined()
  })

  it('edits a wrapper as its scalar', () => {
    expect(unwrappedField(message('google.protobuf.BoolValue'))).toMatchObject({ type: 'bool', isBinary: false })
    expect(unwrappedField(message('google.protobuf.BytesValue'))).toMatchObject({ type: 'bytes', isBinary: true })
    expect(unwrappedField(message('google.protobuf.UInt64Value')).messageType).toBeUndefined()
  })

  it('validates Timestamp and Duration text', () => {
    expect(timestampProblem('2024-05-01T12:00:00Z')).toBeNull()
    expect(timestampProblem('2024-05-01T12:00:00.123456789+02:00')).toBeNull()
    expect(timestampProblem('2024-05-01 12:00')).toMatch(/RFC 3339/)
    expect(timestampProblem('2024-13-45T12:00:00Z')).toMatch(/real date/)
    expect(durationProblem('1.5s')).toBeNull()
    expect(durationProblem('-300s')).toBeNull()
    expect(durationProblem('5m')).toMatch(/1.5s/)
  })
})
