/** Third-party example specs served by Prism 5.14.2: discovered from a loopback file server, invoked through Prism. */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startPrism } from '../servers/rest/prism.js'
import type { PrismServer } from '../servers/rest/prism.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const zoo = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'))
// Prism enforces the petstore's security requirements; these satisfy both schemes.
const auth = { Authorization: 'Bearer test-token', api_key: 'test-key' }

describe.each([
  { label: 'petstore 3.0 (YAML)', file: join(zoo, '3.0/yaml/petstore.yaml'), upload: 'multipart' },
  { label: 'petstore 3.1 (JSON)', file: join(zoo, '3.1/json/petstore.json'), upload: 'octet-stream' },
])('$label through Prism', ({ file, upload }) => {
  let prism: PrismServer
  let files: StaticServer
  let plugin: ProtocolPlugin
  let services: ServiceInfo[]
  let docUrl: string

  beforeAll(async () => {
    ;[prism, files] = await Promise.all([startPrism(file), startStaticServer()])
    plugin = createRestPlugin()
    docUrl = files.serveFile(file.endsWith('.json') ? 'petstore.json' : 'petstore.yaml', file)
    services = await plugin.discover({ kind: 'url', url: docUrl }, testContext())
  })

  afterAll(async () => {
    await plugin?.dispose?.()
    await Promise.all([prism?.close(), files?.close()])
  })

  const invoke = (service: string, method: string, message: Record<string, unknown>, metadata = auth) =>
    plugin.invoke(
      { target: docUrl, serverUrl: prism.origin, service, method, messages: [message] },
      testContext({ metadata }),
    )

  it('discovers the pet, store and user services with the document server as base URL', () => {
    expect(services.map((s) => s.name)).toEqual(['pet', 'store', 'user'])
    expect(services.reduce((n, s) => n + s.methods.length, 0)).toBe(20)
    expect(services[0]?.baseUrl).toBe('http://petstore.swagger.io/v2')
    const method = services[0]?.methods.find((m) => m.name === 'uploadFile')
    if (upload === 'multipart') {
      expect(method?.multipart).toBe('multipart/form-data')
      expect(method?.inputType.fields.find((f) => f.name === 'file')).toMatchObject({ isBinary: true, source: 'body' })
    } else {
      expect(method?.requestContentType).toBe('application/octet-stream')
      expect(method?.inputType.fields.find((f) => f.name === 'body')).toMatchObject({ isBinary: true, type: 'bytes' })
    }
  })

  it('gets a pet by path parameter', async () => {
    const result = await invoke('pet', 'getPetById', { petId: 1 })
    expect(result).toMatchObject({ status: 'OK', metadata: { http_status: '200' } })
    expect(result.response).toHaveProperty('name')
  })

  it('sends repeated query parameters that Prism validates', async () => {
    const ok = await invoke('pet', 'findPetsByStatus', { status: ['available', 'sold'] })
    expect(ok.status).toBe('OK')
    expect(Array.isArray(ok.response)).toBe(true)
    // Prism answers an invalid request with the operation's declared 400 when there is one, else 422.
    const bad = await invoke('pet', 'findPetsByStatus', { status: ['not-a-status'] })
    expect(bad).toMatchObject({ status: 'InvalidArgument', metadata: { http_status: '400' } })
  })

  it('sends a JSON body that passes validation, and Prism rejects one that does not', async () => {
    const ok = await invoke('store', 'placeOrder', { petId: 1, quantity: 2, status: 'placed', complete: false })
    expect(ok).toMatchObject({ status: 'OK', metadata: { http_status: '200' } })
    expect(ok.response).toHaveProperty('status')
    const bad = await invoke('store', 'placeOrder', { petId: 'x', quantity: 'many', status: 'nope' })
    expect(bad).toMatchObject({ status: 'InvalidArgument', metadata: { http_status: '400' } })
    const missing = await invoke('pet', 'addPet', { photoUrls: 'not-an-array' })
    expect(missing).toMatchObject({ status: 'InvalidArgument', metadata: { http_status: '422' } })
  })

  it('sends an upload (multipart file part, or a raw binary body)', async () => {
    const data = Buffer.from('png bytes').toString('base64')
    // The 3.1 petstore's octet-stream upload has no additionalMetadata field: the key would be refused.
    const fields =
      upload === 'multipart' ? { file: { filename: 'pet.png', data }, additionalMetadata: 'meta' } : { body: data }
    const result = await invoke('pet', 'uploadFile', { petId: 3, ...fields })
    expect(result).toMatchObject({ status: 'OK', metadata: { http_status: '200' } })
  })

  it('is refused by Prism without the credentials the operation requires', async () => {
    const result = await invoke('store', 'getInventory', {}, {} as typeof auth)
    expect(result).toMatchObject({ status: 'Unauthenticated', metadata: { http_status: '401' } })
  })

  it('sends the API key header through metadata and gets the inventory', async () => {
    const result = await invoke('store', 'getInventory', {}, { api_key: 'k' } as typeof auth)
    expect(result).toMatchObject({ status: 'OK', metadata: { http_status: '200' } })
  })
})
