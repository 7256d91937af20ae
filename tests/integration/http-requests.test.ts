/**
 * The plain HTTP plugin against a recording Fastify server: every body kind of its message, a path joined to the
 * call's URL, query pairs, the call's metadata over the message's headers, `sent`, and what it refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, ProtocolPlugin } from '@wirebench/core'
import { createHttpPlugin } from '@wirebench/protocol-http'
import { testContext } from '../servers/rest/call-context.js'
import { startRecordingServer } from '../servers/http/recording-server.js'
import type { ReceivedRequest, RecordingServer } from '../servers/http/recording-server.js'
import { failure } from '../support/workbench-failure.js'

let server: RecordingServer
let plugin: ProtocolPlugin
beforeAll(async () => {
  server = await startRecordingServer()
  plugin = createHttpPlugin()
})
afterAll(async () => {
  await plugin?.dispose?.()
  await server?.close()
})

const call = (message: unknown, metadata: Record<string, string> = {}, target = `${server.origin}/base`) =>
  plugin.invoke({ target, service: 'HTTP', method: 'request', messages: [message] }, testContext({ metadata }))
const received = (result: InvokeResult) => result.response as ReceivedRequest

describe('plain HTTP calls', () => {
  it('joins a path to the call URL and appends query pairs to the query it has', async () => {
    const result = await call({ url: '/items?a=1', query: [['b', 'x y']] })
    expect(received(result)).toMatchObject({
      method: 'GET',
      path: '/base/items',
      query: [
        ['a', '1'],
        ['b', 'x y'],
      ],
    })
    expect(result.sent).toMatchObject({ method: 'GET', url: `${server.origin}/base/items?a=1&b=x%20y` })
  })

  it('sends {json} as JSON and {text} as text, each with its Content-Type unless one is set', async () => {
    const json = received(await call({ method: 'POST', url: `${server.origin}/j`, body: { json: { a: [1, 'two'] } } }))
    expect(json).toMatchObject({ method: 'POST', path: '/j', body: '{"a":[1,"two"]}' })
    expect(json.headers['content-type']).toBe('application/json')
    const text = received(
      await call({ method: 'PUT', body: { text: 'plain' }, headers: { 'Content-Type': 'text/csv' } }),
    )
    expect(text).toMatchObject({ method: 'PUT', path: '/base', body: 'plain' })
    expect(text.headers['content-type']).toBe('text/csv')
  })

  it('sends {form} urlencoded and {multipart} with file content', async () => {
    const form = received(await call({ method: 'POST', body: { form: { tag: ['a', 'b'], q: 'x&y' } } }))
    expect([...new URLSearchParams(form.body)]).toEqual([
      ['tag', 'a'],
      ['tag', 'b'],
      ['q', 'x&y'],
    ])
    const parts = received(
      await call({
        method: 'POST',
        body: {
          multipart: [
            { name: 'note', value: 'hi' },
            { name: 'doc', filename: 'a.txt', contentBase64: Buffer.from('file body').toString('base64') },
          ],
        },
      }),
    )
    expect(parts.parts).toEqual([
      { name: 'note', value: 'hi' },
      { name: 'doc', filename: 'a.txt', contentType: 'application/octet-stream', content: 'file body' },
    ])
  })

  it('lets the call metadata win over a header of the same name in the message', async () => {
    const result = await call({ headers: { 'X-Who': 'message', 'X-Only': 'kept' } }, { 'x-who': 'metadata' })
    expect(received(result).headers).toMatchObject({ 'x-who': 'metadata', 'x-only': 'kept' })
  })

  it('refuses a bad message and a SigV4 marker before anything is sent', async () => {
    const before = server.received.length
    expect((await failure(call({ body: { xml: '<a/>' } }))).message).toMatch(/body must be a string or one of/)
    const sigv4 = JSON.stringify({ accessKey: 'AKID', secretKey: 'secret', region: 'us-east-1', service: 's3' })
    expect((await failure(call({}, { __workbenchSigV4__: sigv4 }))).code).toBe('unsupported')
    expect((await failure(call({ url: 'file:///etc/passwd' }))).code).toBe('blocked_target')
    expect(server.received.length).toBe(before)
  })
})
