/**
 * Request bodies in the media type the operation declares, against an Express 5 app documented with swagger-jsdoc:
 * XML and plain-text bodies go out as the text written with their own Content-Type, and a call's Content-Type
 * chooses among several declared types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { failure } from '../support/workbench-failure.js'
import { testContext } from '../servers/rest/call-context.js'
import { startJsdocApp } from '../servers/rest/jsdoc-app.js'
import type { JsdocApp, Received } from '../servers/rest/jsdoc-app.js'

let app: JsdocApp
let plugin: ProtocolPlugin
let services: ServiceInfo[]

beforeAll(async () => {
  app = await startJsdocApp()
  plugin = createRestPlugin()
  services = await plugin.discover({ kind: 'url', url: app.docUrl }, testContext())
})

afterAll(async () => {
  await plugin?.dispose?.()
  await app?.close()
})

const method = (name: string): MethodInfo => {
  const found = services.flatMap((s) => s.methods).find((m) => m.name === name)
  if (!found) throw new Error(`no method ${name}`)
  return found
}

async function send(name: string, message: Record<string, unknown>, contentType?: string): Promise<Received> {
  const metadata: Record<string, string> = contentType === undefined ? {} : { 'Content-Type': contentType }
  const result = await plugin.invoke(
    { target: app.docUrl, service: 'notes', method: name, messages: [message] },
    testContext({ metadata }),
  )
  expect(result.metadata.http_status).toBe('200')
  return result.response as Received
}

describe('discovery', () => {
  it('lists every declared request media type in document order when there are several or one is not JSON', () => {
    expect(method('createNote').requestMediaTypes).toEqual([
      'application/json',
      'application/xml',
      'text/plain',
      'application/x-www-form-urlencoded',
    ])
    expect(method('putSettings').requestMediaTypes).toEqual(['application/xml'])
    expect(method('putBlob').requestMediaTypes).toEqual(['application/octet-stream'])
  })

  it('describes a text body as one string field named body, and a binary body as a file', () => {
    const [settings] = method('putSettings').inputType.fields
    expect(settings).toMatchObject({ name: 'body', type: 'string', source: 'body', isBinary: false })
    expect(settings?.description).toBe('The application/xml body, sent as written. Its schema: object.')
    expect(method('postMemo').inputType.fields).toMatchObject([{ name: 'body', type: 'string', isBinary: false }])
    expect(method('putBlob').inputType.fields).toMatchObject([{ name: 'body', type: 'bytes', isBinary: true }])
  })
})

describe('calls', () => {
  it('sends an XML body as the text written, with the declared Content-Type', async () => {
    const xml = '<settings><theme>dark</theme></settings>'
    expect(await send('putSettings', { body: xml })).toEqual({ contentType: 'application/xml', text: xml })
  })

  it('sends a text/plain body verbatim', async () => {
    expect(await send('postMemo', { body: 'buy milk\n' })).toEqual({ contentType: 'text/plain', text: 'buy milk\n' })
  })

  it('refuses an object for a text body instead of sending it as JSON', async () => {
    const error = await failure(send('putSettings', { body: { theme: 'dark' } }))
    expect(error.message).toBe('The application/xml body of putSettings is text, not a JSON object.')
  })

  it('sends the fields as a form by default when a form type is declared (SPEC.md), as JSON when the call says so', async () => {
    expect(await send('createNote', { title: 't', body: 'b' })).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      json: { title: 't', body: 'b' },
    })
    expect(await send('createNote', { title: 't', body: 'b' }, 'application/json')).toEqual({
      contentType: 'application/json',
      json: { title: 't', body: 'b' },
    })
  })

  it('sends the media type the call chose with its Content-Type header', async () => {
    const xml = '<note><title>t</title></note>'
    expect(await send('createNote', { body: xml }, 'APPLICATION/XML; charset=utf-8')).toEqual({
      contentType: 'APPLICATION/XML; charset=utf-8',
      text: xml,
    })
    expect(await send('createNote', { body: 'plain' }, 'text/plain')).toEqual({
      contentType: 'text/plain',
      text: 'plain',
    })
    expect(
      await send('createNote', { title: 'a&b', body: 'c' }, 'application/x-www-form-urlencoded;charset=utf-8'),
    ).toEqual({
      contentType: 'application/x-www-form-urlencoded;charset=utf-8',
      json: { title: 'a&b', body: 'c' },
    })
  })

  it('refuses JSON fields when the chosen media type is text, and sends nothing', async () => {
    const error = await failure(send('createNote', { title: 't' }, 'application/xml'))
    expect(error.message).toBe(
      'createNote sends its body as application/xml, which is one piece of text in "body": "title" belongs to its application/x-www-form-urlencoded body. Nothing was sent.',
    )
  })

  it('sends a binary body as the bytes of the file given', async () => {
    const data = Buffer.from([0, 1, 2, 255]).toString('base64')
    expect(await send('putBlob', { body: { filename: 'b.bin', data } })).toEqual({
      contentType: 'application/octet-stream',
      bytes: [0, 1, 2, 255],
    })
  })
})
