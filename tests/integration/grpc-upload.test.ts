/**
 * .proto upload through the real server: a set whose files import each other by path and import well-known types,
 * called WITHOUT reflection on a @grpc/grpc-js server that has none (the server URL is the user's), and compiler
 * diagnostics for broken files.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { testContext } from '../servers/rest/call-context.js'

const fixtures = fileURLToPath(new URL('../fixtures/grpc-upload/', import.meta.url))
const moneyProto = 'shop/common/v1/money.proto'
const inventoryProto = 'shop/inventory/v1/inventory.proto'
const catalogProto = 'shop/catalog/v1/catalog.proto'
// The upload route hands a plugin only the file being uploaded, not the stored files it imports, so an upload that
// imports another upload cannot compile yet. Un-skip once packages/server/src/services/uploads.ts passes siblings.

interface Item {
  sku: string
  name: string
  category: string
  price: { currencyCode: string; units: string; nanos: number }
  restockedAt: { seconds: string; nanos: number }
  shelfLife: { seconds: string; nanos: number }
  note: { value: string } | null
  attributes: Record<string, string>
}

const items: Item[] = [
  {
    sku: 'APL-1',
    name: 'Apples',
    category: 'CATEGORY_FRUIT',
    price: { currencyCode: 'EUR', units: '2', nanos: 490_000_000 },
    restockedAt: { seconds: '1700000000', nanos: 0 },
    shelfLife: { seconds: '1209600', nanos: 0 },
    note: { value: 'crisp' },
    attributes: { origin: 'Altes Land' },
  },
  {
    sku: 'MLK-1',
    name: 'Milk',
    category: 'CATEGORY_DAIRY',
    price: { currencyCode: 'EUR', units: '1', nanos: 190_000_000 },
    restockedAt: { seconds: '1700003600', nanos: 500_000_000 },
    shelfLife: { seconds: '604800', nanos: 0 },
    note: null,
    attributes: {},
  },
]

interface SearchRequest {
  query: string
  fields: { paths: string[] } | null
  filters: unknown
}

/** The fixture services on grpc-js, loaded by protobufjs (a parser independent of ours), with no reflection. */
async function startShopServer(): Promise<{ url: string; close: () => void }> {
  const definition = protoLoader.loadSync([inventoryProto, catalogProto], {
    includeDirs: [fixtures],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: true,
  })
  const server = new grpc.Server()
  server.addService(definition['shop.inventory.v1.Inventory'] as grpc.ServiceDefinition, {
    GetItem: (call: grpc.ServerUnaryCall<{ sku: string }, Item>, done: grpc.sendUnaryData<Item>) => {
      const item = items.find((i) => i.sku === call.request.sku)
      if (item) done(null, item)
      else done({ code: grpc.status.NOT_FOUND, details: `No item ${call.request.sku}` })
    },
    ListItems: (call: grpc.ServerWritableStream<{ category: string }, Item>) => {
      for (const item of items) if (item.category === call.request.category) call.write(item)
      call.end()
    },
  })
  server.addService(definition['shop.catalog.v1.Catalog'] as grpc.ServiceDefinition, {
    Search: (call: grpc.ServerUnaryCall<SearchRequest, unknown>, done: grpc.sendUnaryData<unknown>) => {
      const query = call.request.query.toLowerCase()
      done(null, {
        skus: items.filter((i) => i.name.toLowerCase().includes(query)).map((i) => i.sku),
        filters: call.request.filters,
        maskedPaths: call.request.fields?.paths ?? [],
      })
    },
    Now: (_call: grpc.ServerUnaryCall<unknown, unknown>, done: grpc.sendUnaryData<unknown>) => {
      done(null, { seconds: '1700000000', nanos: 250_000_000 })
    },
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  return { url: `http://127.0.0.1:${port}`, close: () => server.forceShutdown() }
}

interface Problem {
  status: number
  code: string
  detail: string
  hint?: string
}

describe('.proto upload through the server, called without reflection', () => {
  let wb: StandaloneServer
  let base: string
  let configDir: string
  let catalog: { url: string; close: () => void }

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-grpc-upload-'))
    catalog = await startShopServer()
    wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
  })
  afterAll(async () => {
    await wb.close()
    catalog.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const headers = () => ({ 'x-workbench-token': wb.token! })
  const upload = async (name: string, fixture: string) =>
    fetch(`${base}/api/openapi/upload?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/octet-stream' },
      body: await readFile(join(fixtures, fixture)),
    })
  const invoke = (body: Record<string, unknown>) =>
    fetch(`${base}/api/invoke`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('reads an upload that imports well-known types and lists its services as uploaded', async () => {
    const res = await upload('catalog.proto', catalogProto)
    const body = (await res.json()) as { services: { name: string; originUrl: string; isUploaded: boolean }[] }
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body.services).toEqual([
      expect.objectContaining({ name: 'shop.catalog.v1.Catalog', originUrl: 'catalog.proto', isUploaded: true }),
    ])
  })

  it('calls the uploaded service on a server without reflection, at the server URL given for the call', async () => {
    const res = await invoke({
      protocol: 'grpc',
      url: 'catalog.proto',
      serverUrl: catalog.url,
      service: 'shop.catalog.v1.Catalog',
      method: 'Search',
      messages: [{ query: 'app', fields: 'name,price.units', filters: { inStock: true, tags: ['fresh'], max: 3.5 } }],
    })
    const result = (await res.json()) as { status: string; response: unknown }
    expect(res.status, JSON.stringify(result)).toBe(200)
    expect(result).toMatchObject({
      status: 'OK',
      response: {
        skus: ['APL-1'],
        filters: { inStock: true, tags: ['fresh'], max: 3.5 },
        maskedPaths: ['name', 'price.units'],
      },
    })
    const now = (await (
      await invoke({
        protocol: 'grpc',
        url: 'catalog.proto',
        serverUrl: catalog.url,
        service: 'shop.catalog.v1.Catalog',
        method: 'Now',
        messages: [{}],
      })
    ).json()) as { response: unknown }
    expect(now.response).toBe('2023-11-14T22:13:20.250Z')
  })

  it('says a call to an uploaded service needs a server URL', async () => {
    const res = await invoke({
      protocol: 'grpc',
      url: 'catalog.proto',
      service: 'shop.catalog.v1.Catalog',
      method: 'Now',
      messages: [{}],
    })
    const problem = (await res.json()) as Problem
    expect(res.status).toBe(400)
    expect(problem.hint).toMatch(/set a server URL/)
  })

  it('keeps an upload without services (a file of shared types)', async () => {
    const res = await upload('money.proto', moneyProto)
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ upload: { name: 'money.proto', protocol: 'grpc', servicesFound: 0 } })
  })

  it('reads an upload that imports a stored sibling by its path, and calls it without reflection', async () => {
    const res = await upload('inventory.proto', inventoryProto)
    const body = (await res.json()) as { services: { name: string }[] }
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body.services.map((s) => s.name)).toEqual(['shop.inventory.v1.Inventory'])
    const call = (method: string, message: unknown) =>
      invoke({
        protocol: 'grpc',
        url: 'inventory.proto',
        serverUrl: catalog.url,
        service: 'shop.inventory.v1.Inventory',
        method,
        messages: [message],
      })
    const result = (await (await call('GetItem', { sku: 'APL-1' })).json()) as { status: string; response: unknown }
    expect(result).toMatchObject({
      status: 'OK',
      response: {
        sku: 'APL-1',
        category: 'CATEGORY_FRUIT',
        price: { currencyCode: 'EUR', units: '2', nanos: 490000000 },
        restockedAt: '2023-11-14T22:13:20Z',
        shelfLife: '1209600s',
        note: 'crisp',
        attributes: { origin: 'Altes Land' },
      },
    })
    expect(await (await call('GetItem', { sku: 'NOPE' })).json()).toMatchObject({ status: 'NotFound' })
  })

  it('refuses a file with a syntax error and names its file, line and column', async () => {
    const res = await upload('broken.proto', 'broken/broken.proto')
    const problem = (await res.json()) as Problem
    expect(res.status).toBe(422)
    expect(problem.code).toBe('invalid_document')
    expect(problem.detail).toContain('broken.proto:7:3: unexpected `int32` after definition')
    const listed = (await (await fetch(`${base}/api/uploads`, { headers: headers() })).json()) as {
      uploads: { name: string }[]
    }
    expect(listed.uploads.map((u) => u.name)).not.toContain('broken.proto')
  })

  it('refuses a file whose import is not uploaded and names the missing file', async () => {
    const res = await upload('orphan.proto', 'broken/orphan.proto')
    const problem = (await res.json()) as Problem
    expect(res.status).toBe(422)
    expect(problem.detail).toContain(
      'orphan.proto:5:1: imports "shop/common/v1/missing.proto", which is not among the uploaded files',
    )
  })
})

describe('the gRPC plugin given an upload with the stored files it imports (what the upload route should pass)', () => {
  let shop: { url: string; close: () => void }
  const plugin = createGrpcPlugin()
  beforeAll(async () => {
    shop = await startShopServer()
  })
  afterAll(async () => {
    await plugin.dispose?.()
    shop.close()
  })

  it('compiles the upload against its plain-named sibling and calls it without reflection', async () => {
    const files = [
      { name: 'inventory.proto', content: await readFile(join(fixtures, inventoryProto)) },
      { name: 'money.proto', content: await readFile(join(fixtures, moneyProto)) },
      { name: 'catalog.proto', content: await readFile(join(fixtures, catalogProto)) },
    ]
    const services = await plugin.discover({ kind: 'files', files }, testContext())
    expect(services.map((s) => s.name)).toEqual(['shop.inventory.v1.Inventory'])
    const item = services[0]?.methods[0]?.outputType.fields.find((f) => f.name === 'price')
    expect(item?.messageType).toMatchObject({ fullName: 'shop.common.v1.Money' })
    const call = { target: 'inventory.proto', serverUrl: shop.url, service: 'shop.inventory.v1.Inventory' }
    const result = await plugin.invoke({ ...call, method: 'GetItem', messages: [{ sku: 'MLK-1' }] }, testContext())
    expect(result).toMatchObject({
      status: 'OK',
      response: { name: 'Milk', price: { units: '1', nanos: 190000000 }, restockedAt: '2023-11-14T23:13:20.500Z' },
    })
    const frames = []
    for await (const frame of plugin.invokeStream!(
      { ...call, method: 'ListItems', messages: [{ category: 'CATEGORY_DAIRY' }] },
      testContext(),
    ))
      frames.push(frame)
    expect(frames.filter((f) => f.type === 'message').map((f) => (f.data as { sku: string }).sku)).toEqual(['MLK-1'])
  })
})
