/**
 * Replies holding google.protobuf.Any of types the server's reflection does not describe, against a @grpc/grpc-js
 * server with @grpc/reflection: the rest of the reply stays readable, the unknown Any shows its type URL and bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import { hiddenInner, hiddenKey, hiddenSecret, startMailboxServer } from '../servers/grpc/mailbox-server.js'
import type { MailboxServer } from '../servers/grpc/mailbox-server.js'
import { testContext } from '../servers/rest/call-context.js'

const service = 'wbtest.v1.Mailbox'
const url = (name: string): string => `type.googleapis.com/${name}`
const raw = (name: string, bytes: Buffer) => ({ '@type': url(name), value: bytes.toString('base64') })

function expectedEnvelope(id: string) {
  return {
    id,
    size: '42',
    payload: raw('acme.vault.v1.Secret', hiddenSecret),
    attachments: [
      { '@type': url('wbtest.v1.Point'), x: 1, y: 2 },
      raw('acme.vault.v1.Key', hiddenKey),
      {
        '@type': url('wbtest.v1.KitchenSink'),
        text: 'inside',
        extra: raw('acme.vault.v1.Inner', hiddenInner),
      },
    ],
    labels: {
      known: { '@type': url('wbtest.v1.Point'), x: 1, y: 2 },
      hidden: raw('acme.vault.v1.Key', hiddenKey),
    },
    opaque: raw('acme.vault.v1.Secret', hiddenSecret),
    origin: { x: 3, y: 4 },
  }
}

describe('replies holding an Any of a type reflection does not know', () => {
  let server: MailboxServer
  const plugin = createGrpcPlugin()

  beforeAll(async () => {
    server = await startMailboxServer()
    const services = await plugin.discover({ kind: 'url', url: server.url }, testContext())
    expect(services.map((s) => s.name)).toContain(service)
  })
  afterAll(async () => {
    await plugin.dispose?.()
    server?.close()
  })

  it('keeps every other field of a unary reply and shows the unknown Any as type URL plus base64', async () => {
    const result = await plugin.invoke(
      { target: server.url, service, method: 'Open', messages: [{ id: 'env-a' }] },
      testContext(),
    )
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject(expectedEnvelope('env-a'))
    // Field order stays the field-number order the strict writer uses.
    expect(Object.keys(result.response as object)).toEqual([
      'id',
      'size',
      'payload',
      'attachments',
      'labels',
      'opaque',
      'origin',
    ])
  })

  it('does the same for every message of a server stream', async () => {
    const frames: StreamFrame[] = []
    const stream = plugin.invokeStream!(
      { target: server.url, service, method: 'Watch', messages: [{ count: 2 }] },
      testContext(),
    )
    for await (const frame of stream) frames.push(frame)
    const messages = frames.filter((f) => f.type === 'message').map((f) => f.data)
    expect(messages).toHaveLength(2)
    expect(messages[0]).toMatchObject(expectedEnvelope('env-0'))
    expect(messages[1]).toMatchObject(expectedEnvelope('env-1'))
    expect(frames.at(-1)).toEqual({ type: 'end', status: 'OK' })
  })
})
