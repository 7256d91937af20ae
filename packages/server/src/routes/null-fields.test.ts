import { describe, expect, it } from 'vitest'
import { withoutNullFields, withoutNullFieldsWithin } from './null-fields.js'

describe('withoutNullFields', () => {
  it('drops null fields, only the named ones when names are given', () => {
    expect(withoutNullFields({ a: 1, b: null, c: 'x' })).toEqual({ a: 1, c: 'x' })
    expect(withoutNullFields({ a: null, b: null }, ['b'])).toEqual({ a: null })
  })

  it('leaves anything but a plain object as it is', () => {
    expect(withoutNullFields(null)).toBeNull()
    const list = [null, 1]
    expect(withoutNullFields(list)).toBe(list)
    expect(withoutNullFields('text')).toBe('text')
  })

  it('returns a body without such nulls itself, not a copy (every call goes through it)', () => {
    const body = { protocol: 'rest', url: 'http://127.0.0.1:1/', nested: { x: null } }
    expect(withoutNullFields(body)).toBe(body)
    const named = { a: null, b: 2 }
    expect(withoutNullFields(named, ['b'])).toBe(named)
  })

  it('leaves the body it was given as it was when a nested object loses a null', () => {
    const body = { urls: ['http://127.0.0.1:1/'], trust: { ca: null, insecure: false } }
    const out = withoutNullFieldsWithin(body, ['trust'])
    expect(out).toEqual({ urls: ['http://127.0.0.1:1/'], trust: { insecure: false } })
    expect(body.trust).toEqual({ ca: null, insecure: false })
    expect(withoutNullFieldsWithin(body, ['urls'])).toBe(body)
  })
})
