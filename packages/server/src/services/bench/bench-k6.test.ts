import { describe, expect, it } from 'vitest'
import { k6Script } from '@wirebench/loadrun'
import type { BenchStartRequest } from '@wirebench/core'
import { benchK6Input } from './bench-k6.js'

const grpcRun: BenchStartRequest = {
  call: {
    protocol: 'grpc',
    url: 'http://127.0.0.1:50051',
    service: 'wirebench.demo.v1.Telemetry',
    method: 'GetStation',
    messages: [{ stationId: 'st-harbor' }],
    metadata: { authorization: 'Bearer grpc-s3cret', 'x-tenant': 'blue', __workbenchMtls__: '{"cert":"x"}' },
  },
  settings: { mode: 'open', rate: 50, durationS: 10, concurrency: 8 },
}

describe('the k6 script of a benchmark run', () => {
  it('writes a gRPC call over k6/net/grpc with reflection, the credential as __ENV and no transport marker', () => {
    const input = benchK6Input({ request: grpcRun, secrets: [] }, ['p99 < 100ms'])
    expect(input.target).toEqual({
      kind: 'grpc',
      address: '127.0.0.1:50051',
      isPlaintext: true,
      protoFiles: [],
      method: 'wirebench.demo.v1.Telemetry/GetStation',
      message: { stationId: 'st-harbor' },
      metadata: { authorization: 'Bearer grpc-s3cret', 'x-tenant': 'blue' },
    })
    const script = k6Script(input)
    expect(script).toContain('__ENV.WB_AUTHORIZATION')
    expect(script).not.toContain('grpc-s3cret')
    expect(script).not.toContain('__workbench')
    expect(script).toContain('"constant-arrival-rate"')
  })

  it('dials the address the gRPC plugin would: a grpc@ pin, a bare host:port, grpc:// and grpcs://', () => {
    const dial = (url: string) => {
      const target = benchK6Input({ request: { ...grpcRun, call: { ...grpcRun.call, url } }, secrets: [] }, []).target
      return target.kind === 'grpc' ? [target.address, target.isPlaintext] : undefined
    }
    expect(dial('grpc@http://127.0.0.1:42223')).toEqual(['127.0.0.1:42223', true])
    expect(dial('127.0.0.1:42223')).toEqual(['127.0.0.1:42223', true])
    expect(dial('localhost:50051')).toEqual(['localhost:50051', true])
    expect(dial('grpc://h:1')).toEqual(['h:1', true])
    expect(dial('grpcs://h:443')).toEqual(['h:443', false])
    expect(dial('https://h')).toEqual(['h', false])
    expect(() => dial('http://')).toThrow(/not a gRPC address a k6 script can dial/)
  })

  it('refuses a protocol without a k6 counterpart, and an HTTP run that never said what it sent', () => {
    const mcp = { ...grpcRun, call: { ...grpcRun.call, protocol: 'mcp' } }
    expect(() => benchK6Input({ request: mcp, secrets: [] }, [])).toThrow(/not mcp/)
    const rest = { ...grpcRun, call: { ...grpcRun.call, protocol: 'rest' } }
    expect(() => benchK6Input({ request: rest, secrets: [] }, [])).toThrow(/say what it sent/)
  })

  it('writes a credential header the page did not send as metadata as an __ENV reference too', () => {
    const rest = { ...grpcRun, call: { ...grpcRun.call, protocol: 'rest', metadata: {} } }
    const sent = {
      method: 'GET',
      url: 'http://127.0.0.1:8080/books/1',
      headers: [
        ['host', '127.0.0.1:8080'],
        ['x-api-key', '***'],
        ['accept', 'application/json'],
      ] as Array<[string, string]>,
    }
    const script = k6Script(benchK6Input({ request: rest, sent, secrets: [] }, []))
    expect(script).toContain('"x-api-key": __ENV.WB_X_API_KEY')
    expect(script).not.toContain('"host"')
    expect(script).not.toContain('***')
  })

  it('keeps a WebSocket URL password and an API key that needs encoding out of the script', () => {
    const ws: BenchStartRequest = {
      call: {
        protocol: 'websocket',
        url: 'websocket@ws://bob:pw-s3cret@127.0.0.1:9000/feed#top',
        service: 'feed',
        method: 'connect',
        messages: ['hi', { close: {} }],
        metadata: { __workbenchApiKeyQuery__: JSON.stringify({ name: 'api key', value: 'a+b s3cret&' }) },
      },
      settings: { mode: 'closed', calls: 3, concurrency: 1 },
    }
    const input = benchK6Input({ request: ws, secrets: [] }, [])
    expect(input.target).toMatchObject({ kind: 'ws', messages: ['hi'], headers: {} })
    const script = k6Script(input)
    expect(script).toContain(
      '"ws://bob:" + __ENV.WB_URL_PASSWORD + "@127.0.0.1:9000/feed?api+key=" + __ENV.WB_QUERY_API_KEY',
    )
    expect(script).not.toContain('s3cret')
  })

  it("says so when the run filled variables per call and the script holds one call's values", () => {
    const templated: BenchStartRequest = {
      ...grpcRun,
      call: { ...grpcRun.call, protocol: 'graphql', metadata: {}, messages: [{ variables: { id: '${random}' } }] },
    }
    const sent = {
      method: 'POST',
      url: 'http://127.0.0.1:4000/graphql',
      headers: [['content-type', 'application/json']] as Array<[string, string]>,
      body: '{"variables":{"id":"3956152237"}}',
    }
    const script = k6Script(benchK6Input({ request: templated, sent, secrets: [] }, []))
    expect(script).toMatch(/^\/\/ The benchmark filled \$\{…\} variables afresh for every call; this script sends/m)
    const plain = k6Script(
      benchK6Input({ request: { ...templated, call: { ...templated.call, messages: [{}] } }, sent, secrets: [] }, []),
    )
    expect(plain).not.toContain('afresh')
    expect(plain).not.toContain('may change')
  })

  it('says first that the method may change data when the run was confirmed as such, before any other note', () => {
    const templated: BenchStartRequest = {
      ...grpcRun,
      call: { ...grpcRun.call, messages: [{ id: '${counter}' }] },
    }
    const change = { label: 'wbtest.v1.Lab/Echo', reason: 'gRPC methods say nothing about whether they change data' }
    const lines = k6Script(benchK6Input({ request: templated, secrets: [] }, [], change)).split('\n')
    const notes = lines.filter((line) => line.startsWith('// ') && !line.startsWith('// Written by'))
    expect(notes[0]).toBe(
      "// wbtest.v1.Lab/Echo may change the server's data (gRPC methods say nothing about whether they change data): " +
        'this script repeats it for every iteration. Run it only against a server whose data may change.',
    )
    expect(notes[1]).toMatch(/^\/\/ The benchmark filled/)
  })
})
