/**
 * A benchmark run exported as a k6 script (`POST /api/bench/export {format: 'k6-script'}`) over a real socket: the
 * request as the REST plugin put it on the wire, the run's load shape and thresholds, credential headers and the
 * page's secret values as `__ENV` references, never as text; a protocol without a k6 counterpart is refused by name.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'acorn'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BenchExportResponse, BenchStatus } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'

const TOKEN = 'Bearer k6-s3cret-token'
const COPY = 'copied-s3cret-value'
let target: Server
let origin = ''
let wb: StandaloneServer
let base = ''
let configDir = ''

async function api<T>(path: string, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token ?? '' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as T }
}

beforeAll(async () => {
  target = createServer((request, response) => {
    if (request.url === '/openapi.json') {
      const post = {
        tags: ['load'],
        operationId: 'order',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'ok' } },
      }
      return void response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Load', version: '1' },
          servers: [{ url: origin }],
          paths: { '/orders': { post } },
        }),
      )
    }
    request.resume()
    request.on('end', () => response.end('{"ok":true}'))
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
  configDir = await mkdtemp(join(tmpdir(), 'wb-benchk6-'))
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
  base = await wb.listen()
  expect((await api('/api/discover', { urls: [`${origin}/openapi.json`] })).status).toBe(200)
})

afterAll(async () => {
  await wb.close()
  await new Promise((resolve) => target.close(resolve))
  await rm(configDir, { recursive: true, force: true })
})

describe('a benchmark exported as a k6 script', () => {
  it('writes the REST request as sent, the load shape and thresholds, and secrets as __ENV references', async () => {
    const started = await api<{ run: string }>('/api/bench/start', {
      call: {
        protocol: 'rest',
        url: `${origin}/openapi.json`,
        service: 'load',
        method: 'order',
        messages: [{ body: { item: 'tea', note: COPY } }],
        metadata: { authorization: TOKEN, 'x-copy': COPY },
      },
      settings: { mode: 'closed', calls: 10, concurrency: 2 },
      thresholds: ['p95 < 250ms', 'error-rate < 0.01'],
    })
    expect(started.status).toBe(200)
    const { run } = started.json
    for (;;) {
      const status = (await api<BenchStatus>('/api/bench/status', { run })).json
      if (status.state !== 'running') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const exported = await api<BenchExportResponse>('/api/bench/export', {
      run,
      format: 'k6-script',
      secrets: [COPY],
    })
    expect(exported.status).toBe(200)
    const script = exported.json.text
    expect(exported.json.fileName).toMatch(/\.k6\.js$/)
    // k6 is a Go binary, not installable here: the script is checked as an ES module.
    expect(() => parse(script, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow()
    expect(script).toContain(`http.request("POST", "${origin}/orders"`)
    expect(script).toContain('__ENV.WB_AUTHORIZATION')
    expect(script).toContain('__ENV.WB_SECRET_1')
    expect(script).toContain('"shared-iterations"')
    expect(script).toContain('"p(95)<250"')
    expect(script).not.toContain('s3cret')
  })

  it('refuses an unknown format and a run it does not know, naming them', async () => {
    const unknownRun = await api<{ detail: string }>('/api/bench/export', { run: 'nope', format: 'k6-script' })
    expect(unknownRun.status).toBe(404)
    const badFormat = await api('/api/bench/export', { run: 'nope', format: 'jmeter' })
    expect(badFormat.status).toBe(400)
  })
})
