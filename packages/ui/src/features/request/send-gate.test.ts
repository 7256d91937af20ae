import type { FieldInfo, ServiceInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/api-error.js'
import { field } from '../../components/form/field.test-helpers.js'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft, type Draft } from '../../state/drafts-store.js'
import { finalizeMessages, sendHold } from './send-gate.js'

function methodRef(protocol: string, fields: FieldInfo[]): MethodRef {
  const message = { name: 'In', fullName: 'In', fields }
  const method = {
    name: 'm',
    fullName: 'S.m',
    clientStreaming: false,
    serverStreaming: false,
    methodType: 'Unary' as const,
    inputType: message,
    outputType: { name: 'Out', fullName: 'Out', fields: [] },
    deprecated: false,
  }
  const service: ServiceInfo = {
    name: 'S',
    package: '',
    methods: [method],
    source: 'test',
    isUploaded: false,
    protocol,
  }
  return { key: 'k', service, method, origin: 'http://127.0.0.1' }
}

const draftOf = (patch: Partial<Draft>): Draft => ({ ...emptyDraft, ...patch })
const target = methodRef('rest', [field({ name: 'id', type: 'int32' }), field({ name: 'meta', type: 'json' })])

describe('sendHold', () => {
  it('holds an empty body the API description requires, and lets any body key (or an extra key) go', () => {
    const ref = methodRef('rest', [
      field({ name: 'id', type: 'int32', source: 'path', required: true }),
      field({ name: 'priority', source: 'body' }),
    ])
    const required: MethodRef = { ...ref, method: { ...ref.method, bodyRequired: true } }
    expect(sendHold(required, draftOf({ value: { id: 1 } }))?.problems).toEqual([
      { path: '(request body)', message: expect.stringMatching(/^is required by the API description/) },
    ])
    expect(sendHold(required, draftOf({ value: { id: 1, priority: '' } }))?.problems).toHaveLength(1)
    expect(sendHold(required, draftOf({ value: { id: 1, priority: 'LOW' } }))).toBeUndefined()
    expect(sendHold(required, draftOf({ value: { id: 1, extra: 1 } }))).toBeUndefined()
    expect(sendHold(ref, draftOf({ value: { id: 1 } }))).toBeUndefined()
  })

  it('lets a draft with templates and valid values go', () => {
    expect(sendHold(target, draftOf({ value: { id: '${n}', meta: { a: '${x}' } } }))).toBeUndefined()
  })

  it('holds a value a field cannot hold, and text the form could not parse', () => {
    const hold = sendHold(
      target,
      draftOf({ value: { id: 'abc' }, pending: { meta: { text: 'hello', message: 'Not JSON' } } }),
    )
    expect(hold?.problems).toEqual([
      { path: 'meta', message: 'Not JSON' },
      { path: 'id', message: '"abc" is not a whole number (int32)' },
    ])
  })

  it('holds a string filled in from the document that references a variable, and not the same text typed', () => {
    const value = { meta: { token: '${canarySecret}' } }
    expect(sendHold(target, draftOf({ value, filled: ['${canarySecret}'] }))?.documentTemplates).toEqual([
      '${canarySecret}',
    ])
    expect(sendHold(target, draftOf({ value, filled: ['$${canarySecret}'] }))).toBeUndefined()
    expect(sendHold(target, draftOf({ value }))).toBeUndefined()
  })

  it('holds a header row filled in from the document that references a variable (a declared media type)', () => {
    const row = { id: 'h1', name: 'Content-Type', value: 'text/x-${canarySecret}', isEnabled: true }
    expect(sendHold(target, draftOf({ headers: [row], filled: [row.value] }))?.documentTemplates).toEqual([
      'text/x-${canarySecret}',
    ])
    // Typed by the user, disabled, or escaped when filled: nothing to hold.
    expect(sendHold(target, draftOf({ headers: [row] }))).toBeUndefined()
    expect(sendHold(target, draftOf({ headers: [{ ...row, isEnabled: false }], filled: [row.value] }))).toBeUndefined()
    const literal = { ...row, value: 'text/x-$${canarySecret}' }
    expect(sendHold(target, draftOf({ headers: [literal], filled: [literal.value] }))).toBeUndefined()
  })
})

describe('finalizeMessages', () => {
  it('converts typed values once substituted, for each protocol flavor', () => {
    const big = [field({ name: 'n', type: 'int64' })]
    expect(finalizeMessages(methodRef('rest', big), [{ n: '${n}' }])([{ n: '5' }])).toEqual([{ n: 5 }])
    expect(finalizeMessages(methodRef('grpc', big), [{ n: '${n}' }])([{ n: '5' }])).toEqual([{ n: '5' }])
  })

  it('refuses the call with a problem naming the field and the template, never the value', () => {
    const finalize = finalizeMessages(target, [{ id: '${n}' }])
    let thrown: unknown
    try {
      finalize([{ id: 's3cr3t' }])
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ApiError)
    const problem = (thrown as ApiError).problem
    expect(problem).toMatchObject({ code: 'invalid_request', errors: [{ path: 'id' }] })
    expect(problem.errors?.[0]?.message).toContain('${n}')
    expect(JSON.stringify(problem)).not.toContain('s3cr3t')
  })
})
