// GraphQL introspection of the GitHub schema (@octokit/graphql-schema, ~1,600 types): time to a usable sidebar.
// Ours: POST /api/discover {urls:[url]} through a real workbench server (every plugin's fan-out, GraphQL's by GET) until the services
// arrive, then GET /api/schema (the introspection document the UI's field picker reads). Baseline: the least any client does to get a
// schema it can use: POST the same introspection query with undici's fetch, JSON.parse, buildClientSchema.
// The target answers the introspection query from a precomputed result, so both arms pay the same (near-zero)
// server cost and the ratio is the workbench's own overhead. Ratios are medians of interleaved runs.
// Run: npx tsc -b tsconfig.build.json && node bench/graphql-introspection.mjs
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { schema as githubSchema } from '@octokit/graphql-schema'
import { buildClientSchema, buildSchema, getIntrospectionQuery, graphqlSync, printSchema } from 'graphql'
import { fetch } from 'undici'
import { defaultCallLimits, silentLogger } from '../packages/core/dist/index.js'
import { createGraphqlPlugin } from '../packages/protocols/graphql/dist/index.js'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const runs = Number(process.env.BENCH_RUNS ?? 7)
const query = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true })

// A schema graphql-js can execute (the published SDL repeats a few fields; a client schema cannot serialize defaults).
const schema = buildSchema(printSchema(buildClientSchema(githubSchema.json)))
const answer = JSON.stringify(graphqlSync({ schema, source: query }))

// It answers the introspection by POST and by GET with a `query` parameter, as GraphQL servers do (an unpinned discovery
// introspects by GET); other GETs (the REST and SSE probes) get 405.
const target = createServer((req, res) => {
  const isGetOperation = req.method === 'GET' && new URL(req.url, 'http://target').searchParams.has('query')
  if (req.method !== 'POST' && !isGetOperation) return res.writeHead(405).end()
  req.resume()
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer))
})
await new Promise((resolve) => target.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${target.address().port}/graphql`

const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-graphql-'))
const workbench = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
const base = await workbench.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': workbench.token }

async function baseline() {
  const started = performance.now()
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  })
  const body = JSON.parse(await response.text())
  const built = buildClientSchema(body.data)
  if (!built.getQueryType()) throw new Error('no Query type')
  return { ms: performance.now() - started }
}

/** The plugin alone in this process: introspection, services and the SDL, without the server, fan-out or JSON. */
const plugin = createGraphqlPlugin()
async function pluginOnly(endpoint) {
  const ctx = {
    signal: new AbortController().signal,
    metadata: {},
    markers: {},
    logger: silentLogger,
    limits: defaultCallLimits,
  }
  const started = performance.now()
  const services = await plugin.discover({ kind: 'url', url: endpoint }, ctx)
  const sidebarMs = performance.now() - started
  const sdl = plugin.schemaDocument(endpoint).text
  return { ms: performance.now() - started, sidebarMs, discoverBytes: 0, sdlBytes: Buffer.byteLength(sdl), services }
}

/** `endpoint` new to the workbench builds everything; the same one again with an unchanged answer reuses it. */
async function ours(endpoint) {
  const started = performance.now()
  const discovered = await fetch(`${base}/api/discover`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ urls: [endpoint] }),
  })
  const text = await discovered.text()
  const body = JSON.parse(text)
  const services = body.services.filter((s) => s.protocol === 'graphql')
  if (services.length === 0) throw new Error(`no GraphQL services: ${JSON.stringify(body.attempts)}`)
  const sidebarMs = performance.now() - started
  if (process.env.BENCH_DEBUG)
    console.log(body.attempts.map((a) => `${a.pluginId}:${a.outcome}:${a.durationMs}`).join(' '))
  const sdl = await fetch(`${base}/api/schema?protocol=graphql&url=${encodeURIComponent(endpoint)}`, { headers })
  const document = await sdl.json()
  if (!document.text?.startsWith('{"__schema"')) throw new Error('no introspection document')
  return {
    ms: performance.now() - started,
    sidebarMs,
    fields: services.reduce((n, s) => n + s.methods.length, 0),
    discoverBytes: Buffer.byteLength(text),
    sdlBytes: Buffer.byteLength(document.text),
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

try {
  const first = { ours: await ours(url), baseline: await baseline() }
  const results = { baseline: [], fresh: [], again: [], plugin: [] }
  // Interleaved so drift in machine load hits every arm alike.
  for (let i = 0; i < runs; i++) {
    results.baseline.push(await baseline())
    results.fresh.push(await ours(`${url}?run=${i}`))
    results.again.push(await ours(url))
    results.plugin.push(await pluginOnly(`${url}?plugin=${i}`))
  }
  const b = median(results.baseline.map((r) => r.ms))
  const sample = results.fresh[0]
  console.log(
    `GraphQL introspection of the GitHub schema (${(Buffer.byteLength(answer) / 1e6).toFixed(1)} MB, ` +
      `${sample.fields} root fields): median of ${runs} runs after a first (cold) one. ` +
      `Baseline = fetch + JSON.parse + buildClientSchema: ${b.toFixed(0)} ms (cold ${first.baseline.ms.toFixed(0)} ms).`,
  )
  const row = (name, list) => {
    const o = median(list.map((r) => r.ms))
    return {
      workbench: name,
      'sidebar ms (/api/discover)': median(list.map((r) => r.sidebarMs)).toFixed(0),
      'ms (+ /api/schema)': o.toFixed(0),
      'ratio to baseline': `${(o / b).toFixed(2)}×`,
      'discover JSON MB': list[0].discoverBytes ? (list[0].discoverBytes / 1e6).toFixed(1) : '-',
      'schema doc MB': (list[0].sdlBytes / 1e6).toFixed(1),
    }
  }
  console.table([
    row('first discovery in a fresh server', [first.ours]),
    row('endpoint new to the workbench', results.fresh),
    row('same endpoint again (unchanged answer)', results.again),
    row('plugin alone, in process (new endpoint)', results.plugin),
  ])
} finally {
  await workbench.close()
  await plugin.dispose()
  target.close()
  await rm(configDir, { recursive: true, force: true })
}
