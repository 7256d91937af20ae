import { describe, expect, it } from 'vitest'
import type { MessageInfo, ServiceInfo } from '@wirebench/core'
import { buildServices, describeDocument, eagerOperationLimit } from './operations.js'
import { fieldOf, methodOf, postDoc, servicesOf } from './operations.test-helpers.js'
import { recognise } from './parse-document.js'
import { defaultEmitLimits } from './schema-walker.js'

/** Schemas A→B→C→D→E, each with `fanOut` properties that all `$ref` the next one. */
function fanOutSchemas(fanOut: number): Record<string, unknown> {
  const names = ['A', 'B', 'C', 'D', 'E']
  const schemas: Record<string, unknown> = {}
  names.forEach((name, i) => {
    const next = names[i + 1]
    const properties: Record<string, unknown> = {}
    for (let p = 0; p < fanOut; p++) {
      properties[`p${p}`] = next ? { $ref: `#/components/schemas/${next}` } : { type: 'string' }
    }
    schemas[name] = { type: 'object', properties }
  })
  return schemas
}

function fanOutDoc(fanOut: number, operations = 1) {
  const doc = postDoc({ $ref: '#/components/schemas/A' }, fanOutSchemas(fanOut))
  const op = doc.paths['/items/{id}'].post
  const paths: Record<string, unknown> = {}
  for (let i = 0; i < operations; i++) paths[`/items${i}/{id}`] = { post: { ...op, operationId: `op${i}` } }
  return { ...doc, paths }
}

function hasTruncated(message: MessageInfo, seen = new Set<MessageInfo>()): boolean {
  if (message.truncated === true) return true
  if (seen.has(message)) return false
  seen.add(message)
  return message.fields.some((f) => f.messageType !== undefined && hasTruncated(f.messageType, seen))
}

const jsonBytes = (services: ServiceInfo[]) => Buffer.byteLength(JSON.stringify(services))

describe('emitted-size budget', () => {
  it('cuts a $ref fan-out to json fields once the operation budget is spent', () => {
    const started = performance.now()
    const services = servicesOf(fanOutDoc(10))
    const method = services[0]?.methods[0]
    expect(method && hasTruncated(method.inputType)).toBe(true)
    // Without the budget this operation serialises to 18 MB; with it, about one operation budget.
    expect(jsonBytes(services)).toBeLessThan(defaultEmitLimits.operationBytes * 1.2)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('stays small and fast however wide the fan-out', () => {
    const started = performance.now()
    const services = servicesOf(fanOutDoc(60))
    expect(jsonBytes(services)).toBeLessThan(defaultEmitLimits.operationBytes * 1.2)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('counts a message reused by several fields at its full expanded size', () => {
    // 3⁴ = 81 leaves under one property, 4 of them: a budget of a few leaves cuts the second reuse.
    const doc = fanOutDoc(3)
    const limits = { operationBytes: 40_000, documentBytes: 1_000_000 }
    const services = buildServices(recognise(doc, 'fan.json'), { ...options, limits })
    expect(jsonBytes(services)).toBeLessThan(40_000 * 1.3)
    const fields = services[0]?.methods[0]?.inputType.fields ?? []
    expect(fieldOf(fields, 'p0').type).toBe('message')
    expect(fields.some((f) => f.source === 'body' && f.type === 'json')).toBe(true)
    expect(services[0]?.methods[0]?.inputType.truncated).toBe(true)
  })

  it('does not reuse a message that a budget cut shaped in a later operation with budget left', () => {
    const limits = { operationBytes: 40_000, documentBytes: 10_000_000 }
    const services = buildServices(recognise(fanOutDoc(3, 2), 'fan.json'), { ...options, limits })
    const [first, second] = services[0]?.methods ?? []
    expect(JSON.stringify(second?.inputType.fields)).toBe(JSON.stringify(first?.inputType.fields))
  })

  it('lists a document over the document budget without messages and builds each method within the operation budget', () => {
    const described = describeDocument(recognise(fanOutDoc(10, 40), 'bomb.json'), options)
    const methods = described.services.flatMap((s) => s.methods)
    expect(methods).toHaveLength(40)
    expect(methods.every((m) => m.deferred === true && m.inputType.fields.length === 0)).toBe(true)
    expect(jsonBytes(described.services)).toBeLessThan(40 * 2_000)
    const full = described.expander?.expand('Default', 'op7')
    expect(full?.deferred).toBeUndefined()
    expect(full?.inputType.fields.map((f) => f.name)).toEqual(['id', ...Array.from({ length: 10 }, (_, i) => `p${i}`)])
    expect(Buffer.byteLength(JSON.stringify(full))).toBeLessThan(defaultEmitLimits.operationBytes * 1.2)
    expect(described.expander?.expand('Default', 'op7')).toBe(full)
    expect(described.expander?.expand('Default', 'nope')).toBeUndefined()
  })

  it('lists a document of more operations than the eager limit without messages straight away', () => {
    const doc = fanOutDoc(1, eagerOperationLimit + 1)
    const described = describeDocument(recognise(doc, 'many.json'), options)
    expect(described.expander).toBeDefined()
    expect(described.services[0]?.methods[0]).toMatchObject({ name: 'op0', deferred: true, httpMethod: 'POST' })
  })

  it('leaves an ordinary document untouched', () => {
    const method = methodOf(postDoc({ $ref: '#/components/schemas/A' }, fanOutSchemas(2)), 'op')
    expect(hasTruncated(method.inputType)).toBe(false)
  })
})

const options = {
  source: 'upload' as const,
  originUrl: 'fan.json',
  maxInputDepth: 4,
  maxOutputDepth: 1,
}
