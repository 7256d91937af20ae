import { runInNewContext } from 'node:vm'
import { parse } from 'acorn'
import { describe, expect, it } from 'vitest'
import { k6Script } from '@wirebench/loadrun'
import type { BenchStartRequest, SentRequest } from '@wirebench/core'
import { benchK6Input } from './bench-k6.js'

/** k6 is not installable here (a Go binary): every script is checked as an ES module. */
function checked(script: string): string {
  expect(() => parse(script, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow()
  return script
}

const mtls = JSON.stringify({ certificate: 'CERT-PEM-TEXT', privateKey: 'KEY-PEM-TEXT' })

const grpcRun: BenchStartRequest = {
  call: {
    protocol: 'grpc',
    url: 'http://127.0.0.1:50051',
    service: 'wirebench.demo.v1.Telemetry',
    method: 'GetStation',
    messages: [{ stationId: 'st-harbor' }],
    metadata: { authorization: 'Bearer grpc-s3cret', 'x-tenant': 'blue', __workbenchMtls__: mtls },
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
    const script = checked(k6Script(input))
    expect(script).toContain('__ENV.WB_AUTHORIZATION')
    expect(script).not.toContain('grpc-s3cret')
    expect(script).not.toContain('__workbench')
    expect(script).toContain('"constant-arrival-rate"')
    expect(script).toContain('{ plaintext: true, reflect: true, tls: { cert: wbTlsCert, key: wbTlsKey } }')
    expect(script).toContain('const wbTlsCert = open(__ENV.WB_TLS_CERT_FILE)')
    expect(script).not.toContain('PEM-TEXT')
  })

  it('sends in the gRPC script what the run sent: variables filled, ${uuid} drawn per iteration, secrets from __ENV', () => {
    const templated: BenchStartRequest = {
      ...grpcRun,
      call: {
        ...grpcRun.call,
        messages: [{ stationId: '${uuid}', note: 'for ${token}', tags: ['${tenant}', 3], nested: { id: '${uuid}' } }],
        metadata: { 'x-tenant': '${tenant}', authorization: 'Bearer ${token}' },
      },
      variables: [{ tenant: 'acme', token: 's3cr3t-token-value' }],
    }
    const input = benchK6Input({ request: templated, secrets: ['s3cr3t-token-value'] }, [])
    const script = checked(k6Script(input))
    const code = script.split('\n').filter((line) => !line.startsWith('//'))
    expect(code.filter((line) => line.includes('${'))).toEqual([])
    expect(script).not.toContain('s3cr3t')
    expect(script).toMatch(
      /client\.invoke\("wirebench\.demo\.v1\.Telemetry\/GetStation", \{ "stationId": wb1, "note": "for " \+ __ENV\.WB_SECRET_1, "tags": \["acme", 3\], "nested": \{ "id": wb2 \} \}, \{/,
    )
    expect(script).toContain('  const wb1 = wbUuid()\n  const wb2 = wbUuid()')
    expect(script).toContain('metadata: { "x-tenant": "acme", "authorization": __ENV.WB_AUTHORIZATION },')
    // The environment variable holds the header as sent, scheme and all, and the script says so.
    expect(script).toMatch(/^\/\/ -e WB_AUTHORIZATION=…: the whole authorization value the run sent, scheme included/m)
    expect(script).toMatch(
      /one call's values for those other than \$\{uuid\} and \$\{random\}, which it draws per iteration\. /,
    )
    const timed = { ...templated, call: { ...templated.call, messages: [{ at: '${now}' }] } }
    expect(checked(k6Script(benchK6Input({ request: timed, secrets: [] }, [])))).toMatch(
      /one call's values for them \(its times, such as \$\{now\}, are those of the export\)\./,
    )
  })

  it('loads the uploaded .proto files of a service found without reflection, and says where to put them', () => {
    const uploaded: BenchStartRequest = {
      ...grpcRun,
      call: { ...grpcRun.call, url: 'telemetry.proto', serverUrl: 'http://127.0.0.1:50051', metadata: {} },
    }
    const input = benchK6Input({ request: uploaded, secrets: [] }, [])
    expect(input.target).toMatchObject({ kind: 'grpc', address: '127.0.0.1:50051', protoFiles: ['telemetry.proto'] })
    const script = checked(k6Script(input))
    expect(script).toContain('client.load(__ENV.WB_PROTO_DIR ? [__ENV.WB_PROTO_DIR] : [], "telemetry.proto")')
    expect(script).toContain('client.connect("127.0.0.1:50051", { plaintext: true })')
    expect(script).not.toContain('reflect: true')
    expect(script).toMatch(
      /^\/\/ The service was described by uploaded \.proto files.*put telemetry\.proto .*beside this/m,
    )
    const pinned = { ...uploaded, call: { ...uploaded.call, url: 'grpc@telemetry.proto' } }
    expect(benchK6Input({ request: pinned, secrets: [] }, []).target).toMatchObject({ protoFiles: ['telemetry.proto'] })
    const nowhere = { ...uploaded, call: { ...grpcRun.call, url: 'telemetry.proto' } }
    expect(() => benchK6Input({ request: nowhere, secrets: [] }, [])).toThrow(/named no server/)
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
    const script = checked(k6Script(benchK6Input({ request: rest, sent, secrets: [] }, [])))
    expect(script).toContain('"x-api-key": __ENV.WB_X_API_KEY')
    expect(script).not.toContain('"host"')
    expect(script).not.toContain('***')
  })

  it('finds a secret in the forms the sent request holds it: percent-encoded, form-encoded, JSON-escaped', () => {
    const rest = { ...grpcRun, call: { ...grpcRun.call, protocol: 'rest', metadata: {} } }
    const token = 'Zm9v+YmFy/cXV4= x'
    const password = 'pa"ss\\word'
    const sent = {
      method: 'POST',
      url: `https://api.example/v1/items?sig=${encodeURIComponent(token)}`,
      headers: [['content-type', 'application/json']] as Array<[string, string]>,
      body: JSON.stringify({ user: 'u', password, form: new URLSearchParams([['t', token]]).toString() }),
    }
    const script = checked(k6Script(benchK6Input({ request: rest, sent, secrets: [token, password] }, [])))
    for (const secret of [token, password]) {
      for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) {
        expect(script).not.toContain(form)
      }
    }
    expect(script).not.toContain(new URLSearchParams([['', token]]).toString().slice(1))
    expect(script).toContain('?sig=" + encodeURIComponent(__ENV.WB_SECRET_')
    expect(script).toContain('JSON.stringify(__ENV.WB_SECRET_')
    // What the script sends is what the run sent, the values read back from the environment.
    const env = Object.fromEntries(
      [token, password].sort((a, b) => b.length - a.length).map((value, index) => [`WB_SECRET_${index + 1}`, value]),
    )
    const call = /http\.request\("POST", (.*?), (".*?"|[^,]+(?: \+ [^,]+)*), \{/.exec(script)
    expect(call).not.toBeNull()
    const evaluate = (expression: string): unknown => runInNewContext(expression, { __ENV: env }) as unknown
    expect(evaluate(call?.[1] ?? '')).toBe(sent.url)
    expect(evaluate(call?.[2] ?? '')).toBe(sent.body)
  })

  it('reads an API key the run put in the query from __ENV, never writing the mask the sent URL shows', () => {
    const rest = {
      ...grpcRun,
      call: {
        ...grpcRun.call,
        protocol: 'rest',
        metadata: { __workbenchApiKeyQuery__: JSON.stringify([{ name: 'api key', value: 'k' }]) },
      },
    }
    const sent: SentRequest = {
      method: 'GET',
      url: 'http://127.0.0.1:8080/auth/whoami?page=2&api+key=***#top',
      headers: [['accept', 'application/json']],
    }
    const input = benchK6Input({ request: rest, sent, secrets: [] }, [])
    const script = checked(k6Script(input))
    expect(script).toContain('"http://127.0.0.1:8080/auth/whoami?page=2&api+key=" + __ENV.WB_QUERY_API_KEY + "#top"')
    expect(script).toMatch(/^\/\/ -e WB_QUERY_API_KEY=…: the api key query parameter's value, URL-encoded\.$/m)
    expect(script).not.toContain('***')
    expect(script).not.toContain('\\u0000')
  })

  it('leaves a SigV4 signature out with a note, and reads an mTLS client certificate from files for k6 tlsAuth', () => {
    const sigv4 = JSON.stringify({ accessKey: 'AKIA', secretKey: 'aws-s3cret', region: 'eu-west-1', service: 's3' })
    const rest = {
      ...grpcRun,
      call: { ...grpcRun.call, protocol: 'rest', metadata: { __workbenchSigV4__: sigv4, __workbenchMtls__: mtls } },
    }
    const sent: SentRequest = {
      method: 'GET',
      url: 'https://api.example.test/objects',
      headers: [
        ['authorization', '***'],
        ['x-amz-date', '20260101T000000Z'],
        ['x-amz-content-sha256', 'e3b0c442'],
        ['accept', 'application/json'],
      ],
    }
    const script = checked(k6Script(benchK6Input({ request: rest, sent, secrets: [] }, [])))
    expect(script).toContain('{ headers: { "accept": "application/json" } }')
    expect(script).toMatch(/^\/\/ The run signed every request with AWS SigV4/m)
    expect(script).toContain('options.tlsAuth = [{ domains: ["api.example.test"], cert: wbTlsCert, key: wbTlsKey }]')
    expect(script).toMatch(/^\/\/ The run presented a client certificate \(mTLS\)/m)
    expect(script).not.toMatch(/s3cret|PEM-TEXT|\*\*\*/)
  })

  it('counts a GraphQL answer with errors as a failed check, and maps error-rate to checks', () => {
    const graphql = { ...grpcRun, call: { ...grpcRun.call, protocol: 'graphql', metadata: {} } }
    const sent: SentRequest = {
      method: 'POST',
      url: 'http://127.0.0.1:4000/graphql',
      headers: [['content-type', 'application/json']],
      body: '{"query":"{ hello }"}',
    }
    const input = benchK6Input({ request: graphql, sent, secrets: [] }, ['error-rate < 0.01', 'p95 < 100ms'])
    expect(input.target).toMatchObject({ kind: 'http', isGraphql: true })
    const script = checked(k6Script(input))
    expect(script).toContain("import { check } from 'k6'")
    // The check, run on answers as the run counted them: an empty `errors` list is a success.
    const start = script.indexOf("'no GraphQL errors': (r) => {") + "'no GraphQL errors': (r) => {".length
    const body = script.slice(start, script.indexOf('\n    },', start))
    const passes = runInNewContext(`(r) => {${body}}`) as (r: {
      status: number
      json: (path: string) => unknown
    }) => boolean
    const answer = (status: number, errors: unknown) => ({ status, json: () => errors })
    expect(passes(answer(200, undefined))).toBe(true)
    expect(passes(answer(200, []))).toBe(true)
    expect(passes(answer(200, [{ message: 'no' }]))).toBe(false)
    expect(passes(answer(500, undefined))).toBe(false)
    const notJson = {
      status: 200,
      json: () => {
        throw new SyntaxError('not JSON')
      },
    }
    expect(passes(notJson)).toBe(false)
    expect(script).toContain('"checks": [\n      "rate>0.99"\n    ]')
    expect(script).not.toContain('http_req_failed')
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
    const script = checked(k6Script(input))
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
    const script = checked(k6Script(benchK6Input({ request: templated, sent, secrets: [] }, [])))
    expect(script).toMatch(/^\/\/ The benchmark filled \$\{…\} variables afresh for every call; this script sends/m)
    const plain = checked(
      k6Script(
        benchK6Input({ request: { ...templated, call: { ...templated.call, messages: [{}] } }, sent, secrets: [] }, []),
      ),
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
    const lines = checked(k6Script(benchK6Input({ request: templated, secrets: [] }, [], change))).split('\n')
    const notes = lines.filter((line) => line.startsWith('// ') && !line.startsWith('// Written by'))
    expect(notes[0]).toBe(
      "// wbtest.v1.Lab/Echo may change the server's data (gRPC methods say nothing about whether they change data): " +
        'this script repeats it for every iteration. Run it only against a server whose data may change.',
    )
    expect(notes[1]).toMatch(/^\/\/ The benchmark filled/)
  })
})
