import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin } from '@wirebench/core'
import { TEST_TOKEN, makeTempDir } from '../test-support/harness.test-helpers.js'
import { workbench } from '../workbench.js'

/** A plugin whose calls fail the two ways the error handler logs: an unexpected throw and an upstream failure. */
const failing: ProtocolPlugin = {
  id: 'failing',
  name: 'Failing',
  discover: () => Promise.resolve([]),
  invoke(call) {
    if (call.method === 'crash') return Promise.reject(new TypeError('the actual crash reason'))
    return Promise.reject(new WorkbenchError('upstream_unreachable', 'the actual upstream reason'))
  },
}

/** Every key of a JSON object line in order, duplicates included (JSON.parse keeps only the last of a duplicate). */
function topLevelKeys(line: string): string[] {
  const keys: string[] = []
  let depth = 0
  let inString = false
  let isKey = false
  let start = 0
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') {
        inString = false
        if (isKey) keys.push(line.slice(start, i))
      }
      continue
    }
    if (c === '"') {
      inString = true
      start = i + 1
      // A string right after `{` or `,` at depth 1 is a key.
      const before = line.slice(0, i).trimEnd().at(-1)
      isKey = depth === 1 && (before === '{' || before === ',')
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
  }
  return keys
}

describe('server log lines', () => {
  let app: FastifyInstance
  let tokenServer: Server
  let tokenUrl: string
  const lines: string[] = []

  beforeAll(async () => {
    tokenServer = createServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}')
    })
    await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve))
    tokenUrl = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/token`
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    app = Fastify({ logger: { level: 'warn', stream } })
    await app.register(workbench, {
      configDir: await makeTempDir('logs'),
      uiDir: null,
      token: TEST_TOKEN,
      mode: 'standalone',
      plugins: [failing],
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await new Promise((resolve) => tokenServer.close(resolve))
  })

  const headers = { host: 'localhost:5080', 'x-workbench-token': TEST_TOKEN }
  const invoke = (method: string) =>
    app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers,
      payload: { protocol: 'failing', url: 'http://127.0.0.1:1/', service: 'S', method, messages: [{}] },
    })

  it('writes msg once per line, and the failure reason stays readable', async () => {
    expect((await invoke('crash')).statusCode).toBe(500)
    expect((await invoke('unreachable')).statusCode).toBe(502)
    const proxied = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth-token',
      headers,
      payload: { tokenUrl, clientId: 'c', clientSecret: 'not-logged-9f', scope: '', audience: '' },
    })
    expect(proxied.statusCode).toBe(502)

    const written = lines.map((line) => ({ line, keys: topLevelKeys(line) }))
    expect(written.length).toBeGreaterThanOrEqual(3)
    for (const { line, keys } of written) {
      expect(
        keys.filter((key) => key === 'msg'),
        line,
      ).toHaveLength(1)
    }
    const log = lines.join('\n')
    for (const reason of ['the actual crash reason', 'the actual upstream reason', 'invalid_client']) {
      expect(log).toContain(reason)
    }
  })
})
