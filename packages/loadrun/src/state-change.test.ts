import { describe, expect, it } from 'vitest'
import type { MethodInfo } from '@wirebench/core'
import { callCountText, stateChangeOf } from './state-change.js'

const info = (extra: Partial<MethodInfo>): MethodInfo =>
  ({ name: 'm', fullName: 'S/m', methodType: 'Unary', deprecated: false, ...extra }) as MethodInfo
const of = (protocol: string, service: string, messages: unknown[], extra?: Partial<MethodInfo>) =>
  stateChangeOf({ protocol, service, method: 'm', messages, info: extra && info(extra) })

describe('stateChangeOf', () => {
  it('runs only methods known to be safe unasked', () => {
    expect(of('rest', 'S', [], { httpMethod: 'get', httpPath: '/a' })).toBeUndefined()
    expect(of('rest', 'S', [], { httpMethod: 'HEAD' })).toBeUndefined()
    expect(of('rest', 'S', [], { httpMethod: 'PATCH', httpPath: '/a' })?.label).toBe('PATCH /a')
    expect(of('http', 'S', [{ url: '/x' }])).toBeUndefined()
    expect(of('http', 'S', [{ method: 'put' }])?.label).toBe('PUT S/m')
    // The SSE message chooses the verb over the discovered one.
    expect(of('sse', 'h', [{ method: 'post' }], { httpMethod: 'GET', httpPath: '/ev' })?.label).toBe('POST /ev')
    expect(of('sse', 'h', [{ method: '' }], { httpMethod: 'GET', httpPath: '/ev' })).toBeUndefined()
    expect(of('sse', 'h', [{}], { httpMethod: 'POST', httpPath: '/ev' })?.label).toBe('POST /ev')
    expect(of('sse', 'h', [{ method: 'get' }])).toBeUndefined()
    expect(of('sse', 'h', [{ method: 'POST' }])?.label).toBe('POST h/m')
    expect(of('sse', 'h', [{}])?.reason).toMatch(/may be opened with POST/)
    expect(of('graphql', 'Query', [{ query: '# mutation\n{ a(x: "mutation") }' }])).toBeUndefined()
    expect(of('graphql', 'Query', [{ query: 'mutation M { a }' }])?.label).toBe('Query.m')
    expect(of('graphql', 'Mutation', [{}])?.reason).toMatch(/mutation/)
    expect(of('mcp', 'Tools', [], { mcp: { kind: 'tool', annotations: { readOnlyHint: true } } })).toBeUndefined()
    expect(of('mcp', 'Resources', [], { mcp: { kind: 'resource' } })).toBeUndefined()
    expect(of('mcp', 'Tools', [], { mcp: { kind: 'tool' } })?.reason).toMatch(/not mark this tool read-only/)
    expect(of('mcp', 'Tools', [], { mcp: { kind: 'tool', annotations: { destructiveHint: true } } })?.reason).toMatch(
      /destructive/,
    )
    expect(of('grpc', 'pkg.Svc', [])?.label).toBe('pkg.Svc/m')
    expect(of('grpc', 'pkg.Svc', [], { idempotency: 'NO_SIDE_EFFECTS' })).toBeUndefined()
    expect(of('grpc', 'pkg.Svc', [], { idempotency: 'IDEMPOTENT' })?.label).toBe('pkg.Svc/m')
    expect(of('signalr', 'hub', [])?.reason).toBe('SignalR methods say nothing about whether they change data')
    expect(of('grpc', 'pkg.Svc', [])?.reason).toBe('gRPC methods say nothing about whether they change data')
    expect(of('toy', 'lab', [])?.reason).toBe('toy methods say nothing about whether they change data')
    const named = stateChangeOf({ protocol: 'mqtt', service: 's', method: 'm', messages: [], protocolName: 'MQTT' })
    expect(named?.reason).toBe('MQTT methods say nothing about whether they change data')
  })

  it('counts the calls a run makes, warm-up included', () => {
    expect(callCountText({ mode: 'closed', calls: 1000, concurrency: 4, warmup: 10 })).toBe('1,010 calls')
    expect(callCountText({ mode: 'open', rate: 50, durationS: 2.5, concurrency: 10 })).toBe('125 calls')
    expect(callCountText({ mode: 'closed', durationS: 5, concurrency: 8 })).toBe(
      'as many calls as 8 callers make in 5 s',
    )
  })
})
