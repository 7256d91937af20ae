import { describe, expect, it } from 'vitest'
import { substituteDeep } from '@wirebench/core'
import { deferSystemVariables, finalizeKeepingPerCallVariables } from './bench-request.js'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('per-call system variables in a benchmark', () => {
  const written = {
    messages: [{ id: '${uuid}', n: '${ random }', who: '${user}', keep: '$${uuid}' }],
    metadata: { 'x-request-id': 'req-${uuid}', authorization: 'Bearer ${token}' },
  }

  it('survive the page’s substitution as templates, so the server makes them afresh for every call', () => {
    // The page's step: user variables resolved once, system ones left for the server.
    const onPage = substituteDeep(deferSystemVariables(written), {
      scopes: [{ user: 'ana', token: 't0k' }],
    }).value
    expect(onPage.messages[0]).toEqual({ id: '${uuid}', n: '${ random }', who: 'ana', keep: '$${uuid}' })
    expect(onPage.metadata).toEqual({ 'x-request-id': 'req-${uuid}', authorization: 'Bearer t0k' })

    // The server's step, once per call.
    const first = substituteDeep(onPage).value
    const second = substituteDeep(onPage).value
    expect(first.messages[0]?.id).toMatch(uuid)
    expect(second.messages[0]?.id).toMatch(uuid)
    expect(first.messages[0]?.id).not.toBe(second.messages[0]?.id)
    expect(first.metadata['x-request-id']).not.toBe(second.metadata['x-request-id'])
    // What the user escaped stays literal text.
    expect(first.messages[0]?.keep).toBe('${uuid}')
  })

  it('leaves values without templates, numbers and booleans as they are', () => {
    expect(deferSystemVariables({ a: 1, b: true, c: null, d: ['x'] })).toEqual({ a: 1, b: true, c: null, d: ['x'] })
  })
})

describe('typed conversion of a benchmark’s messages', () => {
  // Stands for Send's conversion of an int32 field: digits become a number, anything else is refused.
  const toInt = (messages: unknown[]): unknown[] =>
    messages.map((message) => {
      const { bookId } = message as { bookId: string }
      if (!/^\d+$/.test(bookId)) throw new Error(`bookId: ${bookId} is no int32`)
      return { ...(message as object), bookId: Number(bookId) }
    })

  it('checks a per-call variable with a sample and sends its template for the server to draw each call', () => {
    const finalize = finalizeKeepingPerCallVariables(toInt)
    expect(finalize([{ bookId: '${random}', note: 'x' }])).toEqual([{ bookId: '${random}', note: 'x' }])
    expect(finalize([{ bookId: '7' }])).toEqual([{ bookId: 7 }])
    expect(() => finalize([{ bookId: 'seven' }])).toThrow('no int32')
  })
})
