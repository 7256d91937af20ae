/** Builds services from an in-memory document for unit tests. */
import type { FieldInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import { buildServices } from './operations.js'
import { recognise } from './parse-document.js'

export function servicesOf(doc: unknown, depth: { input?: number; output?: number } = {}): ServiceInfo[] {
  return buildServices(recognise(doc, 'test'), {
    source: 'openapi',
    originUrl: 'http://h/doc',
    baseUrl: 'http://h',
    maxInputDepth: depth.input ?? 4,
    maxOutputDepth: depth.output ?? 1,
  })
}

export function methodOf(doc: unknown, name: string): MethodInfo {
  for (const service of servicesOf(doc)) {
    const found = service.methods.find((m) => m.name === name)
    if (found) return found
  }
  throw new Error(`no method ${name}`)
}

export function fieldOf(fields: FieldInfo[], name: string): FieldInfo {
  const found = fields.find((f) => f.name === name)
  if (!found) throw new Error(`no field ${name} in ${fields.map((f) => f.name).join(', ')}`)
  return found
}

/** A minimal OpenAPI 3.0 document with one POST operation whose JSON body is `schema`. */
export function postDoc(schema: unknown, schemas: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/items/{id}': {
        post: {
          operationId: 'op',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '200': { description: 'ok' } },
          ...extra,
        },
      },
    },
    components: { schemas },
  }
}
