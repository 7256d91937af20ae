/**
 * A unary WebSocket exchange with servers that greet first (faye-websocket, WebSocket-Node): the answer is the
 * exchange as a transcript in the order the client saw it, so the greeting is never shown as the reply to the first
 * message sent, and every reply stays beside the message it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin } from '@wirebench/core'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { contractContext } from '../contract/protocol-contract.js'
import { startFayeGreetingServer, startWebSocketNodeGreetingServer } from '../servers/websocket/greeting-servers.js'
import type { GreetingServer } from '../servers/websocket/greeting-servers.js'

describe.each([
  ['faye-websocket', startFayeGreetingServer],
  ['WebSocket-Node', startWebSocketNodeGreetingServer],
])('a unary exchange with a %s server that greets first', (_name, start) => {
  let server: GreetingServer
  let plugin: ProtocolPlugin

  beforeAll(async () => {
    server = await start()
    plugin = createWebSocketPlugin()
  })
  afterAll(async () => {
    await server.close()
  })

  it('shows the greeting first and each echo after the message it answers', async () => {
    const result = await plugin.invoke(
      { target: server.url, service: 'greet', method: 'connect', messages: [{ text: 'a' }, { text: 'b' }] },
      contractContext(),
    )
    expect(result.status).toBe('OK')
    expect(result.responses).toEqual([
      { received: { type: 'welcome' } },
      { sent: 'a' },
      { received: 'echo: a' },
      { sent: 'b' },
      { received: 'echo: b' },
    ])
    expect(result.response).toBe('echo: b')
  })

  it('keeps binary replies and pings in their place', async () => {
    const result = await plugin.invoke(
      {
        target: server.url,
        service: 'greet',
        method: 'connect',
        messages: [{ ping: 'p' }, { binary: 'AQI=' }, { text: 'c' }],
      },
      contractContext(),
    )
    expect(result.responses).toEqual([
      { received: { type: 'welcome' } },
      { sent: { ping: 'p' } },
      { sent: { binary: 'AQI=' } },
      { received: { binary: 'AQI=' } },
      { sent: 'c' },
      { received: 'echo: c' },
    ])
    expect(result.response).toBe('echo: c')
  })
})
