// Embedded mode benchmark. A Fastify host with 2,000 routes (params, query, a nested body, tags) runs the workbench
// (@wirebench/embed) and @fastify/swagger in one process; the workbench API is reached through inject() throughout.
// Discovery: the mounted workbench answering the host's own origin from its route table (embedded) vs a standalone
// workbench discovering the same host's @fastify/swagger document over HTTP (URL mode), both through POST
// /api/discover, first on a fresh host each run, then repeated on one host. Goal: embedded ≤ 0.2× URL. Invoke: one route called
// through the mounted workbench (inject(), no socket) vs the standalone workbench calling it over HTTP. Goal ≤ 1.0×.
// Over 1,000 operations the embedded answer lists methods `deferred` (each built when opened); the URL one (under
// the 5,000-operation limit) describes them in full: what each mode answers a page's first load with.
// Run `npx tsc -b tsconfig.build.json` first (uses dist). BENCH_RUNS (default 7), BENCH_CALLS (default 300).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import swagger from '@fastify/swagger'
import { wirebench } from '@wirebench/embed'
import { workbench } from '@wirebench/server'
import Fastify from 'fastify'

const runs = Number(process.env.BENCH_RUNS ?? 7)
const calls = Number(process.env.BENCH_CALLS ?? 300)
const routeCount = 2_000
const token = 'bench-embedded-token-0123456789abcdef0123456789abcdef01'
const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-embed-'))

/** A fresh host: nothing of an earlier run (route table read, described document) is reused. */
async function startHost() {
  const host = Fastify()
  await host.register(wirebench, { prefix: '/workbench', configDir, token, uiDir: null, announce: false })
  await host.register(swagger, { openapi: { info: { title: 'bench host', version: '1.0.0' } } })
  for (let i = 0; i < routeCount; i++) {
    const tag = `area${i % 40}`
    host.post(
      `/${tag}/items${i}/:id`,
      {
        schema: {
          tags: [tag],
          operationId: `op${i}`,
          summary: `Operation ${i}`,
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          querystring: { type: 'object', properties: { page: { type: 'integer' }, q: { type: 'string' } } },
          body: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string' },
              count: { type: 'integer' },
              owner: {
                type: 'object',
                properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' } },
              },
              tags: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
      async (request) => ({ id: request.params.id, ok: true }),
    )
  }
  host.get('/openapi.json', { schema: { hide: true } }, async () => host.swagger())
  await host.listen({ host: '127.0.0.1', port: 0 })
  return { host, origin: `http://127.0.0.1:${host.server.address().port}` }
}

// The URL-mode workbench: the same server plugin, standalone (loopback targets allowed), in a Fastify of its own.
async function startStandalone() {
  const standalone = Fastify()
  await standalone.register(workbench, { configDir, token, uiDir: null, mode: 'standalone' })
  await standalone.ready()
  return standalone
}

/** The workbench API reached in process for both callers, so the only difference measured is how the host is reached. */
async function injectPost(app, path, body) {
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', 'x-workbench-token': token, host: '127.0.0.1' },
    payload: JSON.stringify(body),
  })
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 300)}`)
  return response.json()
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function discoverOnce(app, path, url) {
  const t0 = performance.now()
  const answer = await injectPost(app, path, { urls: [url] })
  return { ms: performance.now() - t0, operations: answer.services.reduce((n, s) => n + s.methods.length, 0) }
}

// First run: a fresh host and a fresh standalone workbench each time, so the embedded figure includes reading the
// route table and describing it, and the URL figure @fastify/swagger's first build and the fetch. Steady: the same
// discovery repeated on the last pair (the embedded description and swagger's document are then cached).
const first = { embedded: [], url: [] }
const steady = { embedded: [], url: [] }
let operations = { embedded: 0, url: 0 }
let last
for (let run = 0; run < runs; run++) {
  if (last) {
    await last.standalone.close()
    await last.host.close()
  }
  const { host, origin } = await startHost()
  const standalone = await startStandalone()
  last = { host, origin, standalone }
  const embedded = await discoverOnce(host, '/workbench/api/discover', origin)
  const viaUrl = await discoverOnce(standalone, '/api/discover', `${origin}/openapi.json`)
  first.embedded.push(embedded.ms)
  first.url.push(viaUrl.ms)
  operations = { embedded: embedded.operations, url: viaUrl.operations }
}
for (let i = 0; i < runs; i++) {
  steady.embedded.push((await discoverOnce(last.host, '/workbench/api/discover', last.origin)).ms)
  steady.url.push((await discoverOnce(last.standalone, '/api/discover', `${last.origin}/openapi.json`)).ms)
}
const { host, origin, standalone } = last
const report = (label, embeddedMs, urlMs) => {
  console.log(
    `  ${label}: embedded (route table) ${embeddedMs.toFixed(1)} ms, URL (@fastify/swagger + HTTP) ${urlMs.toFixed(1)} ms, ratio ${(embeddedMs / urlMs).toFixed(3)}× (goal ≤ 0.2×)`,
  )
}
console.log(
  `discovery, ${routeCount} routes, ${operations.embedded} / ${operations.url} operations (median of ${runs}):`,
)
report('first run (fresh host)', median(first.embedded), median(first.url))
report('steady (same host)    ', median(steady.embedded), median(steady.url))

async function timeInvoke(app, path, url) {
  const call = {
    protocol: 'rest',
    url,
    service: 'area7',
    method: 'op7',
    messages: [{ id: 'x1', page: 2, name: 'n', owner: { id: 'o' } }],
  }
  for (let i = 0; i < 30; i++) await injectPost(app, path, call)
  const t0 = performance.now()
  for (let i = 0; i < calls; i++) {
    const result = await injectPost(app, path, call)
    if (result.status !== 'OK') throw new Error(JSON.stringify(result).slice(0, 300))
  }
  return (performance.now() - t0) / calls
}

const invokeEmbedded = await timeInvoke(host, '/workbench/api/invoke', origin)
const invokeHttp = await timeInvoke(standalone, '/api/invoke', `${origin}/openapi.json`)
console.log(`invoke, ${calls} sequential calls through /api/invoke (the API itself reached by inject()):`)
console.log(`  embedded (inject)  ${(invokeEmbedded * 1000).toFixed(0)} µs per call`)
console.log(`  HTTP to the host   ${(invokeHttp * 1000).toFixed(0)} µs per call`)
console.log(`  ratio ${(invokeEmbedded / invokeHttp).toFixed(3)}× (goal ≤ 1.0×)`)

await standalone.close()
await host.close()
await rm(configDir, { recursive: true, force: true })
