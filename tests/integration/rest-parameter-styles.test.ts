/**
 * Parameters go out in the style their document states (OpenAPI `style`/`explode`, Swagger 2.0 `collectionFormat`):
 * Prism 5.14.2, which reads each query parameter by its declared style and answers 422 to one it cannot read, takes
 * every call; path and header styles are checked on the wire of a loopback echo server (Prism's own path and header
 * array readers throw).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startEchoServer } from '../servers/rest/echo-server.js'
import type { Echo, EchoServer } from '../servers/rest/echo-server.js'
import { startPrism } from '../servers/rest/prism.js'
import type { PrismServer } from '../servers/rest/prism.js'

const pair = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', enum: ['id', 'name'] } }
const ok = { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } }
const document = {
  openapi: '3.0.3',
  info: { title: 'Parameter styles', version: '1' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: '$select', in: 'query', explode: false, schema: pair },
          { name: 'pipes', in: 'query', style: 'pipeDelimited', explode: false, schema: pair },
          { name: 'spaces', in: 'query', style: 'spaceDelimited', explode: false, schema: pair },
          { name: 'repeated', in: 'query', schema: pair },
          {
            name: 'range',
            in: 'query',
            style: 'deepObject',
            explode: true,
            schema: {
              type: 'object',
              required: ['min', 'max'],
              properties: { min: { type: 'integer' }, max: { type: 'integer' } },
            },
          },
        ],
        responses: ok,
      },
    },
    '/things/{simple}/{label}/{matrix}': {
      get: {
        operationId: 'pathStyles',
        parameters: [
          { name: 'simple', in: 'path', required: true, schema: pair },
          { name: 'label', in: 'path', required: true, style: 'label', explode: true, schema: pair },
          { name: 'matrix', in: 'path', required: true, style: 'matrix', schema: pair },
          { name: 'X-Pair', in: 'header', schema: pair },
          {
            name: 'X-Point',
            in: 'header',
            explode: true,
            schema: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } } },
          },
        ],
        responses: ok,
      },
    },
  },
}

describe('parameter styles', () => {
  let dir: string
  let prism: PrismServer
  let echo: EchoServer
  const plugin: ProtocolPlugin = createRestPlugin()

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wb-styles-'))
    const path = join(dir, 'styles.json')
    await writeFile(path, JSON.stringify(document))
    ;[prism, echo] = await Promise.all([
      startPrism(path),
      startEchoServer(JSON.stringify(document), 'application/json'),
    ])
    await plugin.discover({ kind: 'url', url: echo.docUrl }, testContext())
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await Promise.all([prism?.close(), echo?.close()])
    await rm(dir, { recursive: true, force: true })
  })

  const call = (method: string, message: Record<string, unknown>, serverUrl: string) =>
    plugin.invoke({ target: echo.docUrl, serverUrl, service: 'Default', method, messages: [message] }, testContext())

  it('writes each query parameter in its declared style, which Prism reads back', async () => {
    const message = {
      $select: ['id', 'name'],
      pipes: ['id', 'name'],
      repeated: ['id', 'name'],
      range: { min: 1, max: 2 },
    }
    const result = await call('listItems', message, prism.origin)
    expect(result.metadata['http_status'], JSON.stringify(result.response)).toBe('200')
    // Prism splits spaceDelimited values on a literal "%20" after decoding them, so that style is checked on the wire.
    const sent = (await call('listItems', { ...message, spaces: ['id', 'name'] }, echo.origin)).response as Echo
    expect(sent.url).toBe(
      '/items?%24select=id,name&pipes=id%7Cname&spaces=id%20name&repeated=id&repeated=name&range%5Bmin%5D=1&range%5Bmax%5D=2',
    )
  })

  it('writes path parameters simple, label and matrix, and header arrays and exploded objects', async () => {
    const sent = (
      await call(
        'pathStyles',
        {
          simple: ['id', 'name'],
          label: ['id', 'name'],
          matrix: ['id', 'name'],
          'X-Pair': ['id', 'name'],
          'X-Point': { x: 1, y: 2 },
        },
        echo.origin,
      )
    ).response as Echo
    expect(sent.url).toBe('/things/id,name/.id.name/;matrix=id,name')
    expect(sent.headers['x-pair']).toBe('id,name')
    expect(sent.headers['x-point']).toBe('x=1,y=2')
  })
})
