/**
 * Headers no transport can send, on the SignalR plugin's own wire (OUR hub server, written from the SignalR specs):
 * the WebSocket upgrade it builds and the negotiate of a redirect carrying the hub's access token are checked where
 * they are sent, so a line break is an `invalid_request` naming the header (a 400; an `upstream_error` when the hub's
 * redirect handed out the token), not a failed connection, and the hub saw nothing. The same calls with good headers reach the hub, so it would have seen one that got through.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin } from '@wirebench/core'
import type { HubServer } from '@wirebench/demo'
import { createSignalrPlugin } from '@wirebench/protocol-signalr'
import { testContext } from '../servers/rest/call-context.js'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'
import { failure } from '../support/workbench-failure.js'

let plugin: ProtocolPlugin
let hub: HubServer
let redirectTarget: HubServer
let redirector: HubServer
const hubRequests: IncomingMessage['headers'][] = []
const redirectTargetRequests: IncomingMessage['headers'][] = []
let redirectToken = 'fine-token'

const record =
  (into: IncomingMessage['headers'][]) =>
  (request: IncomingMessage): boolean => {
    into.push(request.headers)
    return false
  }

beforeAll(async () => {
  plugin = createSignalrPlugin()
  hub = await startTestHubServer({}, { intercept: record(hubRequests) })
  hub.server.on('upgrade', record(hubRequests))
  redirectTarget = await startTestHubServer({}, { intercept: record(redirectTargetRequests) })
  redirectTarget.server.on('upgrade', record(redirectTargetRequests))
  redirector = await startTestHubServer({
    redirect: () => ({ url: redirectTarget.url('/hubs/test'), accessToken: redirectToken }),
  })
})

afterAll(async () => {
  await plugin?.dispose?.()
  await Promise.all([hub?.close(), redirectTarget?.close(), redirector?.close()])
})

const invoke = (target: string, metadata: Record<string, string>, options: Record<string, unknown> = {}) =>
  plugin.invoke(
    { target, service: 'test', method: 'invoke', messages: [{ target: 'Echo', arguments: ['hi'], ...options }] },
    testContext({ metadata }),
  )

describe('SignalR headers no transport can send', () => {
  it('are refused on the WebSocket upgrade with invalid_request naming the header, and the hub sees nothing', async () => {
    const webSockets = { transport: 'WebSockets', skipNegotiation: true }
    const good = await invoke(hub.url('/hubs/test'), { 'x-note': 'fine' }, webSockets)
    expect(good.response).toBe('hi')
    expect(hubRequests.some((headers) => headers['x-note'] === 'fine')).toBe(true)
    const before = hubRequests.length
    for (const value of ['a\r\nInjected: 1', 'a\nb']) {
      // A fresh header set each time, so no pooled connection answers in place of a new upgrade.
      const error = await failure(invoke(hub.url('/hubs/test'), { 'x-note': value }, webSockets))
      expect(error.code).toBe('invalid_request')
      expect(error.message).toMatch(/header x-note contains a line break/)
    }
    expect(hubRequests.length).toBe(before)
  })

  it('are refused when a hub’s negotiate redirect hands out an access token with a line break, blaming the hub, before the other origin is called', async () => {
    redirectToken = 'fine-token'
    expect((await invoke(redirector.url('/hubs/test'), {}, { transport: 'LongPolling' })).response).toBe('hi')
    expect(redirectTargetRequests.some((headers) => headers.authorization === 'Bearer fine-token')).toBe(true)
    // The good connection keeps polling the other origin: what counts is that no request there carries the bad token.
    const carriesBadToken = (headers: IncomingMessage['headers']): boolean =>
      headers['x-injected'] !== undefined || (headers.authorization ?? '').includes('tok-')
    for (const transport of ['WebSockets', 'LongPolling']) {
      redirectToken = `tok-${transport}\r\nX-Injected: 1`
      // A header of its own per attempt, so no pooled connection (made before the token changed) answers instead.
      const error = await failure(invoke(redirector.url('/hubs/test'), { 'x-attempt': transport }, { transport }))
      // The token came from the hub's answer: the hub is at fault, not the user's input.
      expect(error.code).toBe('upstream_error')
      expect(error.message).toMatch(/redirected the connection with an access token that contains a line break/)
      expect(error.hint).toMatch(/server side/)
      expect(JSON.stringify(error)).not.toContain('tok-')
    }
    expect(redirectTargetRequests.filter(carriesBadToken)).toEqual([])
  })
})
