import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { createWsAddressMemory, subscriptionAddresses } from './subscription-addresses.js'

const endpoint = 'http://127.0.0.1:4000/graphql?tenant=1'

describe('subscriptionAddresses', () => {
  it('tries the endpoint over ws, then the usual subscription paths, keeping the query string', () => {
    const found = subscriptionAddresses({
      endpoint,
      subscriptionUrl: undefined,
      remembered: undefined,
      outbound: undefined,
    })
    expect(found).toEqual({
      ws: [
        'ws://127.0.0.1:4000/graphql?tenant=1',
        'ws://127.0.0.1:4000/graphql/subscriptions?tenant=1',
        'ws://127.0.0.1:4000/subscriptions?tenant=1',
      ],
      sse: endpoint,
    })
  })

  it('tries an address that worked before first', () => {
    const remembered = 'ws://127.0.0.1:4000/subscriptions?tenant=1'
    const found = subscriptionAddresses({ endpoint, subscriptionUrl: undefined, remembered, outbound: undefined })
    expect(found.ws[0]).toBe(remembered)
    expect(found.ws.filter((url) => url === remembered)).toHaveLength(1)
  })

  it('uses a ws subscriptionUrl for graphql-ws only, an http one for both transports', () => {
    const ws = subscriptionAddresses({
      endpoint,
      subscriptionUrl: 'wss://subs.example.com/live',
      remembered: 'ws://elsewhere/',
      outbound: undefined,
    })
    expect(ws).toEqual({ ws: ['wss://subs.example.com/live'], sse: endpoint })
    const http = subscriptionAddresses({
      endpoint,
      subscriptionUrl: 'https://subs.example.com/graphql',
      remembered: undefined,
      outbound: undefined,
    })
    expect(http).toEqual({ ws: ['wss://subs.example.com/graphql'], sse: 'https://subs.example.com/graphql' })
  })

  it('refuses a subscriptionUrl that is not a ws(s) or http(s) URL, naming it', () => {
    for (const bad of ['subscriptions', 'ftp://host/subs']) {
      let error: unknown
      try {
        subscriptionAddresses({ endpoint, subscriptionUrl: bad, remembered: undefined, outbound: undefined })
      } catch (caught) {
        error = caught
      }
      expect(WorkbenchError.is(error, 'invalid_request')).toBe(true)
      expect((error as WorkbenchError).message).toContain(bad)
    }
  })
})

describe('createWsAddressMemory', () => {
  it('forgets the oldest endpoint past its limit', () => {
    const memory = createWsAddressMemory(2)
    memory.set('a', 'ws://a')
    memory.set('b', 'ws://b')
    memory.set('c', 'ws://c')
    expect([memory.get('a'), memory.get('b'), memory.get('c')]).toEqual([undefined, 'ws://b', 'ws://c'])
  })
})
