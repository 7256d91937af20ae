/**
 * REST response validation against the spec zoo: Prism (a third-party mock) answering petstore 3.0 from its examples
 * (valid) and with `Prefer: code=500` (a status the document does not describe), a loopback server answering the
 * 3.1 petstore's operations with bodies that match and that break it, and the standalone server validating a 2 MB
 * answer in its worker thread while the call's result goes out at once.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, ProtocolPlugin, ResponseValidation } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { testContext } from '../servers/rest/call-context.js'
import { startPrism } from '../servers/rest/prism.js'
import type { PrismServer } from '../servers/rest/prism.js'
import { startPetstoreLiar } from '../servers/rest/petstore-liar.js'
import type { PetstoreLiar } from '../servers/rest/petstore-liar.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const zoo = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'))
const auth = { Authorization: 'Bearer test-token', api_key: 'test-key' }

let liar: PetstoreLiar
let prism: PrismServer
let files: StaticServer
let plugin: ProtocolPlugin
let prismDoc: string

beforeAll(async () => {
  const spec = join(zoo, '3.0/yaml/petstore.yaml')
  ;[prism, files, liar] = await Promise.all([startPrism(spec), startStaticServer(), startPetstoreLiar()])
  plugin = createRestPlugin()
  prismDoc = files.serveFile('petstore.yaml', spec)
  await plugin.discover({ kind: 'url', url: prismDoc }, testContext())
  await plugin.discover({ kind: 'url', url: liar.docUrl }, testContext())
})

afterAll(async () => {
  await plugin?.dispose?.()
  await Promise.all([prism?.close(), files?.close(), liar?.close()])
})

describe('a Prism mock of the zoo petstore (3.0)', () => {
  const getPet = (metadata: Record<string, string>) =>
    plugin.invoke(
      { target: prismDoc, serverUrl: prism.origin, service: 'pet', method: 'getPetById', messages: [{ petId: 1 }] },
      testContext({ metadata: { ...auth, ...metadata } }),
    )

  it('finds the example answer valid against the 200 response schema', async () => {
    const result = await getPet({})
    expect(result.metadata['http_status']).toBe('200')
    expect(result.validation).toEqual({
      valid: true,
      schema: '#/paths/~1pet~1{petId}/get/responses/200/content/application~1json/schema',
      problems: [],
    })
  })

  it('flags the answer to Prefer: code=500 as a status the document does not describe, not as a bad body', async () => {
    // getPetById documents `default` (so a 500 is described there); findPetsByStatus documents 200 and 400 only.
    const call = { target: prismDoc, serverUrl: prism.origin, service: 'pet', method: 'findPetsByStatus' }
    const ok = await plugin.invoke({ ...call, messages: [{ status: ['available'] }] }, testContext({ metadata: auth }))
    expect(ok.validation?.valid).toBe(true)
    const result = await plugin.invoke(
      { ...call, messages: [{ status: ['available'] }] },
      testContext({ metadata: { ...auth, Prefer: 'code=500' } }),
    )
    // Prism refuses a code the operation does not define with its own 404 problem (NOT_FOUND), which the
    // operation does not document either.
    expect(result.metadata['http_status']).toBe('404')
    expect(result.response).toMatchObject({ type: 'https://stoplight.io/prism/errors#NOT_FOUND' })
    expect(result.validation?.valid).toBe(false)
    expect(result.validation?.problems).toEqual([
      expect.objectContaining({
        pointer: '',
        keyword: 'status',
        message: expect.stringMatching(/^HTTP 404 is not documented for this operation \(documented: 200, 400\)/),
      }),
    ])
  })

  it('checks Prefer: code=500 against the default response where the operation has one', async () => {
    const result = await getPet({ Prefer: 'code=500' })
    expect(result.validation?.schema).toMatch(/\/responses\/default/)
  })
})

describe('a loopback server answering the zoo petstore (3.1)', () => {
  const invoke = (service: string, method: string, message: Record<string, unknown>): Promise<InvokeResult> =>
    plugin.invoke({ target: liar.docUrl, service, method, messages: [message] }, testContext())

  it('passes a pet that matches', async () => {
    expect((await invoke('pet', 'getPetById', { petId: 1 })).validation?.valid).toBe(true)
  })

  it('lists every violation of the Pet schema by pointer', async () => {
    const problems = (await invoke('pet', 'getPetById', { petId: 2 })).validation?.problems ?? []
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/id', keyword: 'type' }),
        expect.objectContaining({ pointer: '/name', keyword: 'type' }),
        expect.objectContaining({ pointer: '/photoUrls', keyword: 'type' }),
        expect.objectContaining({ pointer: '/status', keyword: 'enum' }),
      ]),
    )
  })

  it('checks additionalProperties schemas (the inventory map of int32)', async () => {
    const validation = (await invoke('store', 'getInventory', {})).validation
    expect(validation?.problems).toEqual([expect.objectContaining({ pointer: '/lost', keyword: 'type' })])
  })

  it('flags a media type the response does not declare', async () => {
    const validation = (await invoke('pet', 'getPetById', { petId: 3 })).validation
    expect(validation?.problems).toEqual([expect.objectContaining({ keyword: 'mediaType' })])
    expect(validation?.problems[0]?.message).toMatch(/text\/html is not documented for response 200/)
  })

  it('leaves a body out of validation where its response declares no content (the 404 of getPetById)', async () => {
    const result = await invoke('pet', 'getPetById', { petId: 5 })
    expect(result.metadata['http_status']).toBe('404')
    expect(result.response).toEqual({ message: 'Pet 5 was adopted' })
    expect(result).not.toHaveProperty('validation')
    expect(result.validationPending).toBeUndefined()
    // Without a body, the same response is what the document says: nothing to check, and nothing wrong.
    expect((await invoke('pet', 'getPetById', { petId: 4 })).validation).toMatchObject({ valid: true, problems: [] })
  })
})

describe('the standalone server with a response over 1 MB', () => {
  let wb: StandaloneServer
  let base: string
  let configDir: string

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-validation-'))
    wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
    const found = await post('/api/discover', { urls: [`rest@${liar.docUrl}`] })
    expect(found.status).toBe(200)
  })
  afterAll(async () => {
    await wb?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const headers = () => ({ 'content-type': 'application/json', 'x-workbench-token': wb.token! })
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) })

  it('answers the call at once with the validation pending, then serves the worker’s result', async () => {
    const res = await post('/api/invoke', {
      protocol: 'rest',
      url: liar.docUrl,
      service: 'pet',
      method: 'findPetsByStatus',
      messages: [{ status: ['available'] }],
    })
    const result = (await res.json()) as InvokeResult
    expect(result.sizeBytes).toBeGreaterThan(1024 * 1024)
    expect(result.validation).toBeUndefined()
    expect(result.validationPending?.schema).toMatch(/findByStatus\/get\/responses\/200/)
    const follow = await fetch(`${base}/api/validations/${result.validationPending!.id}`, { headers: headers() })
    expect(follow.status).toBe(200)
    const validation = (await follow.json()) as ResponseValidation
    expect(validation).toEqual({
      valid: false,
      schema: result.validationPending!.schema,
      problems: [expect.objectContaining({ pointer: '/9000/status', keyword: 'enum' })],
    })
  })

  it('answers 404 for an id it does not hold', async () => {
    const res = await fetch(`${base}/api/validations/00000000-0000-4000-8000-000000000000`, { headers: headers() })
    expect(res.status).toBe(404)
  })
})
