/**
 * A NestJS 12 app documenting itself with @nestjs/swagger 12 as OpenAPI 3.1: enum values listed as `oneOf`/`anyOf`
 * of `const`s, discovered as enums and sent as such.
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
      description: 'How urgent the task is.\n\n"low": Some day\n"high": Today',
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
