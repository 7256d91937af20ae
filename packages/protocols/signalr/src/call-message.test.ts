import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { readCommand, readConnection, readInvocation, readSession } from './call-message.js'

const refusal = (read: () => unknown): WorkbenchError => {
  try {
    read()
  } catch (error) {
    if (error instanceof WorkbenchError) return error
    throw error
  }
  throw new Error('no refusal')
}

describe('hub call messages', () => {
  it('takes defaults, and choices in any case', () => {
    expect(readConnection({})).toEqual({
      transport: 'auto',
      protocol: 'json',
      skipNegotiation: false,
      keepAliveIntervalMs: 15_000,
      serverTimeoutMs: 30_000,
    })
    expect(readConnection({ transport: 'longpolling', protocol: 'MessagePack' })).toMatchObject({
      transport: 'LongPolling',
      protocol: 'messagepack',
    })
    expect(readInvocation({ target: ' Echo ', arguments: [1] })).toEqual({ target: 'Echo', arguments: [1] })
    expect(readSession({ subscribe: ['Tick', ' '] })).toMatchObject({ subscribe: ['Tick'], showPings: false })
    expect(readCommand({ target: 'Counter', type: 'stream' })).toEqual({
      kind: 'stream',
      invocation: { target: 'Counter', arguments: [] },
    })
  })

  it('names the field and what it takes when a message cannot be used', () => {
    expect(refusal(() => readInvocation({})).message).toMatch(/Field target must name the hub method/)
    expect(refusal(() => readInvocation({ target: 'A', arguments: 'x' })).message).toMatch(
      /arguments must be a JSON array/,
    )
    expect(refusal(() => readConnection({ transport: 'Carrier pigeon' })).message).toMatch(
      /transport must be one of auto, WebSockets, ServerSentEvents, LongPolling/,
    )
    expect(refusal(() => readConnection({ skipNegotiation: true })).message).toMatch(
      /only with the WebSockets transport/,
    )
    expect(refusal(() => readConnection({ transport: 'ServerSentEvents', protocol: 'messagepack' })).message).toMatch(
      /carries text only/,
    )
    expect(refusal(() => readSession({ subscribe: 'Tick' })).message).toMatch(/subscribe must be a list/)
    expect(refusal(() => readCommand([1])).code).toBe('invalid_request')
  })

  it('hints at a whole message only for the invocation’s fields; an option can be left out', () => {
    expect(refusal(() => readInvocation({})).hint).toMatch(/A hub call message looks like/)
    const option = refusal(() => readConnection({ transport: 'Carrier pigeon' }))
    expect(option.hint).not.toMatch(/A hub call message looks like/)
    expect(option.hint).toMatch(/Leave transport out to use its default/)
  })

  it('does not pair the server timeout with the client’s own keep-alive (it pairs with the hub’s)', () => {
    expect(readConnection({ keepAliveIntervalMs: 40_000 })).toMatchObject({
      keepAliveIntervalMs: 40_000,
      serverTimeoutMs: 30_000,
    })
  })
})
