/** Test helpers: credentials as headers, multipart payloads, and a check that a response matches the document. */
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterEach, beforeEach, expect } from 'vitest'
import { createRestDemoApp } from './app.js'
import { demoCredentials } from './credentials.js'
import { openApiDocument } from './openapi/document.js'
import type { HttpMethod } from './openapi/types.js'

export type Credential = 'bearer' | 'basic' | 'apiKeyHeader' | 'apiKeyQuery'

/** Headers (and a query suffix for the query API key) that present one of the demo credentials. */
export function credential(kind: Credential): { headers: Record<string, string>; query: string } {
  const basic = Buffer.from(`${demoCredentials.basic.username}:${demoCredentials.basic.password}`).toString('base64')
  switch (kind) {
    case 'bearer':
      return { headers: { authorization: `Bearer ${demoCredentials.bearerToken}` }, query: '' }
    case 'basic':
      return { headers: { authorization: `Basic ${basic}` }, query: '' }
    case 'apiKeyHeader':
      return { headers: { 'x-api-key': demoCredentials.apiKey.value }, query: '' }
    case 'apiKeyQuery':
      return { headers: {}, query: `api_key=${demoCredentials.apiKey.value}` }
  }
}

export const bearer = credential('bearer').headers
export const apiKey = credential('apiKeyHeader').headers

/** Serializes a FormData the way fetch would, for `app.inject()`. */
export async function multipart(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://demo.invalid/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }
}

/** A fresh app (fresh seed data) per test, closed afterwards. */
export function useDemoApp(): { readonly app: FastifyInstance } {
  const holder: { app?: FastifyInstance } = {}
  beforeEach(async () => {
    holder.app = createRestDemoApp()
    await holder.app.ready()
  })
  afterEach(async () => {
    await holder.app?.close()
  })
  return {
    get app(): FastifyInstance {
      if (holder.app === undefined) throw new Error('useDemoApp: no app outside a test')
      return holder.app
    },
  }
}

const documentUri = 'https://demo.wirebench.invalid/contract.json'
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
ajv.addFormat('binary', true)
ajv.addSchema(openApiDocument, documentUri)
const compiled = new Map<string, ValidateFunction>()

/** Asserts the status is documented for the operation and a JSON body matches its documented schema. */
export function expectDocumented(response: LightMyRequestResponse, method: HttpMethod, path: string): void {
  const responses = openApiDocument.paths[path]?.[method]?.responses
  expect(responses, `${method} ${path} is documented`).toBeDefined()
  const status = String(response.statusCode)
  const key = responses?.[status] ? status : 'default'
  const entry = responses?.[key]
  expect(entry, `status ${status} of ${method} ${path} is documented`).toBeDefined()
  const pointer =
    entry !== undefined && '$ref' in entry
      ? entry.$ref
      : `#/paths/${encodeURIComponent(path.replaceAll('/', '~1'))}/${method}/responses/${key}`
  const target = entry !== undefined && '$ref' in entry ? undefined : entry
  const hasJson = target === undefined || target.content?.['application/json'] !== undefined
  if (!hasJson || response.statusCode === 204) return
  const ref = `${documentUri}${pointer}/content/application~1json/schema`
  const validate = compiled.get(ref) ?? ajv.compile({ $ref: ref })
  compiled.set(ref, validate)
  const valid = validate(response.json())
  expect(valid ? [] : validate.errors, `${method} ${path} → ${status} body matches the document`).toEqual([])
}
