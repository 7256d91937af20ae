/**
 * A NestJS 12 app documenting itself with @nestjs/swagger 12 as OpenAPI 3.1: enum values listed as `oneOf`/`anyOf`
 * of `const`s, discovered as enums and sent as such; and the security schemes each operation needs, as the
 * @nestjs/swagger decorators and DocumentBuilder declare them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startNestApp } from '../servers/rest/nest-app.js'
import type { NestApp } from '../servers/rest/nest-app.js'

let nest: NestApp
let plugin: ProtocolPlugin
let services: ServiceInfo[]

beforeAll(async () => {
  nest = await startNestApp()
  plugin = createRestPlugin()
  services = await plugin.discover({ kind: 'url', url: nest.docUrl }, testContext())
})

afterAll(async () => {
  await plugin?.dispose?.()
  await nest?.close()
})

const method = (name: string): MethodInfo => {
  const found = services.flatMap((s) => s.methods).find((m) => m.name === name)
  if (!found) throw new Error(`no method ${name} in ${services.flatMap((s) => s.methods.map((m) => m.name)).join()}`)
  return found
}

describe('enum values written as oneOf/anyOf of consts', () => {
  it('discovers them as enums, the oneOf titles labelling the values', () => {
    const fields = method('createTask').inputType.fields
    expect(fields.find((f) => f.name === 'priority')).toMatchObject({
      type: 'enum',
      required: true,
      enumValues: [
        { name: 'low', number: 0 },
        { name: 'high', number: 1 },
      ],
      description: 'How urgent the task is.\n\n"low": Some day; "high": Today',
    })
    expect(fields.find((f) => f.name === 'status')).toMatchObject({
      type: 'enum',
      enumValues: [
        { name: 'open', number: 0 },
        { name: 'done', number: 1 },
      ],
    })
  })

  it('sends an enum value the server accepts', async () => {
    const result = await plugin.invoke(
      {
        target: nest.docUrl,
        service: 'tasks',
        method: 'createTask',
        messages: [{ title: 'write tests', priority: 'high', status: 'open' }],
      },
      testContext(),
    )
    expect(result.metadata.http_status).toBe('201')
    expect(result.response).toMatchObject({ body: { title: 'write tests', priority: 'high', status: 'open' } })
  })
})

describe('the security each operation needs', () => {
  const bearer = { name: 'bearer', type: 'http', scheme: 'bearer' }
  const apiKey = {
    name: 'api_key',
    type: 'apiKey',
    in: 'header',
    paramName: 'X-API-Key',
    description: 'A key from the settings page.',
  }

  it('shows one scheme, and alternatives any one of which will do, with their scopes', () => {
    expect(method('createTask').security).toEqual([{ schemes: [bearer] }])
    expect(method('listTasks').security).toEqual([
      { schemes: [apiKey] },
      { schemes: [{ name: 'oauth2', type: 'oauth2', scopes: ['tasks:read'] }] },
    ])
  })

  it('shows schemes required together, OpenID Connect with its scopes and mutual TLS', () => {
    expect(method('exportTasks').security).toEqual([
      { schemes: [{ name: 'oidc', type: 'openIdConnect', scopes: ['openid', 'tasks'] }] },
      { schemes: [bearer, apiKey] },
    ])
    expect(method('certificate').security).toEqual([{ schemes: [{ name: 'mtls', type: 'mutualTLS' }] }])
  })

  it("tells optional auth, explicitly none, and the document's default apart", () => {
    expect(method('searchTasks').security).toEqual([{ schemes: [] }, { schemes: [bearer] }])
    expect(method('health').security).toEqual([])
    expect(method('version').security).toEqual([{ schemes: [{ name: 'basic', type: 'http', scheme: 'basic' }] }])
  })
})
