/** The Stripe 2022 OpenAPI corpus (read from ../shared/corpus, never copied): all 417 operations, sources checked. */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const corpus = fileURLToPath(new URL('../../../shared/corpus/stripe-spec3-2022.json', import.meta.url))

interface Operation {
  operationId: string
  parameters?: { name: string; in: string }[]
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
}

let server: StaticServer
let plugin: ProtocolPlugin
let services: ServiceInfo[]
let url: string
const doc = existsSync(corpus)
  ? (JSON.parse(readFileSync(corpus, 'utf8')) as { paths: Record<string, Record<string, Operation>> })
  : undefined

beforeAll(async () => {
  server = await startStaticServer()
  plugin = createRestPlugin()
  url = server.serveFile('stripe.json', corpus)
  services = await plugin.discover({ kind: 'url', url }, testContext())
})

afterAll(async () => {
  await plugin?.dispose?.()
  await server?.close()
})

describe.runIf(doc)('Stripe corpus discovery', () => {
  const operations = Object.entries(doc?.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([verb]) => ['get', 'post', 'delete', 'put', 'patch'].includes(verb))
      .map(([verb, op]) => ({ path, verb, op })),
  )
  const methods = (): MethodInfo[] => services.flatMap((s) => s.methods)

  it('finds all 417 operations under the Default service with the document base URL', () => {
    expect(operations).toHaveLength(417)
    expect(methods()).toHaveLength(417)
    expect(services.map((s) => s.name)).toEqual(['Default'])
    expect(services[0]?.baseUrl).toBe('https://api.stripe.com')
  })

  // Every 7th operation: a sample that covers GET lists, POST updates and DELETEs.
  const sample = operations.filter((_, i) => i % 7 === 0)
  it.each(sample.map((o) => ({ ...o, id: o.op.operationId })))(
    '$id has the parameter sources of the document',
    ({ path, verb, op }) => {
      const method = methods().find((m) => m.name === op.operationId)
      expect(method).toMatchObject({ httpMethod: verb.toUpperCase(), httpPath: path })
      const params = (op.parameters ?? []).filter((p) => p.in !== 'cookie').map((p) => `${p.in}:${p.name}`)
      const paramNames = new Set((op.parameters ?? []).map((p) => p.name))
      const form = op.requestBody?.content['application/x-www-form-urlencoded']?.schema?.properties ?? {}
      const body = Object.keys(form).map((name) => (paramNames.has(name) ? `body:body.${name}` : `body:${name}`))
      const actual = method?.inputType.fields.map((f) => `${f.source}:${f.name}`) ?? []
      expect(actual.sort()).toEqual([...params, ...body].sort())
      if (body.length > 0) expect(method?.multipart).toBe('application/x-www-form-urlencoded')
    },
  )

  it('keeps the discovery payload compact', () => {
    expect(JSON.stringify(services).length).toBeLessThan(15_000_000)
  })
})
