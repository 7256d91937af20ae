/** The WebSocket plugin against Debian's websocketd running /bin/cat: a line echo server no one here wrote. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { contractContext } from '../contract/protocol-contract.js'
import { requireWebsocketd, startWebsocketd } from '../servers/websocket/websocketd.js'
import type { Websocketd } from '../servers/websocket/websocketd.js'

describe.runIf(requireWebsocketd())('WebSocket plugin against websocketd', () => {
  let server: Websocketd
  let plugin: ProtocolPlugin
  let service: string

  beforeAll(async () => {
    server = await startWebsocketd()
    plugin = createWebSocketPlugin()
    const [found] = await plugin.discover({ kind: 'url', url: server.url }, contractContext())
    service = found!.name
  })
  afterAll(async () => {
    await server?.close()
  })

  it('is discovered by handshake and named after its host', () => {
    expect(service).toBe(new URL(server.url).host)
  })

  it('echoes each line on a channel, JSON parsed when it parses, and closes normally on closeSend', async () => {
    const channel = await plugin.openChannel!(
      { target: server.url, service, method: 'connect', messages: [] },
      contractContext(),
    )
    const frames = channel.frames()[Symbol.asyncIterator]()
    expect((await frames.next()).value).toMatchObject({ type: 'headers', metadata: { upgrade: 'websocket' } })
    // websocketd writes each message to the program as one line and sends each line it prints back.
    await channel.send({ text: 'hello websocketd' })
    await channel.send({ text: '{"n":2}' })
    const replies: StreamFrame[] = []
    while (replies.length < 2) {
      const next = await frames.next()
      if (next.done === true) break
      if (next.value.type === 'message') replies.push(next.value)
    }
    expect(replies.map((f) => (f.type === 'message' ? f.data : undefined))).toEqual(['hello websocketd', { n: 2 }])
    await channel.closeSend()
    const rest: StreamFrame[] = []
    for (let next = await frames.next(); next.done !== true; next = await frames.next()) rest.push(next.value)
    expect(rest.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    await channel.dispose()
  })

  it('answers a unary exchange with each line sent and its echo, in order', async () => {
    const result = await plugin.invoke(
      { target: server.url, service, method: 'connect', messages: [{ text: 'one' }, { text: 'two' }] },
      contractContext(),
    )
    expect(result.status).toBe('OK')
    expect(result.responses).toEqual([{ sent: 'one' }, { received: 'one' }, { sent: 'two' }, { received: 'two' }])
    expect(result.response).toBe('two')
  })
})
