import { describe, expect, it } from 'vitest'
import { fieldTypes, isIntegerFieldType, statusNames } from '../model/wire.js'
import { httpStatusClass, httpStatusToStatusName } from './http-status.js'

describe('httpStatusToStatusName', () => {
  it('maps well-known statuses to their gRPC names', () => {
    expect(httpStatusToStatusName(200)).toBe('OK')
    expect(httpStatusToStatusName(204)).toBe('OK')
    expect(httpStatusToStatusName(401)).toBe('Unauthenticated')
    expect(httpStatusToStatusName(403)).toBe('PermissionDenied')
    expect(httpStatusToStatusName(404)).toBe('NotFound')
    expect(httpStatusToStatusName(429)).toBe('ResourceExhausted')
    expect(httpStatusToStatusName(503)).toBe('Unavailable')
    expect(httpStatusToStatusName(418)).toBe('FailedPrecondition')
    expect(httpStatusToStatusName(599)).toBe('Internal')
  })

  it('classes statuses for the badge colours', () => {
    expect([200, 302, 404, 500, 100].map(httpStatusClass)).toEqual([
      'success',
      'redirect',
      'client-error',
      'server-error',
      'other',
    ])
  })
})

describe('statusNames', () => {
  it('lists the gRPC status names in code order, so an index is the numeric code', () => {
    expect(statusNames.indexOf('OK')).toBe(0)
    expect(statusNames.indexOf('NotFound')).toBe(5)
    expect(statusNames.indexOf('Unauthenticated')).toBe(16)
    expect(statusNames).toHaveLength(17)
  })

  it('knows the integer field types', () => {
    expect(fieldTypes.filter(isIntegerFieldType)).toEqual([
      'int32',
      'int64',
      'uint32',
      'uint64',
      'sint32',
      'sint64',
      'fixed32',
      'fixed64',
      'sfixed32',
      'sfixed64',
    ])
  })
})
