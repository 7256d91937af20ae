import { describe, expect, it } from 'vitest'
import { substituteDeep } from '@wirebench/core'
import { deferSystemVariables } from './bench-request.js'

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
