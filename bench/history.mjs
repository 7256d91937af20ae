// History benchmark. (1) What recording a call costs the call path: POST /api/invoke through the whole Fastify route
// (gates, schema, recorder) with and without a `history` template, against an instant in-process plugin so the
// figure is the workbench's own overhead; requests are injected (no sockets) and the arms alternate in blocks.
// Baseline: the same call without `history`. Goal: ≤ 0.1 ms added at p50. (2) Searching a history of 100,000
// entries (each with a response body): a fresh store loading its segments, then searches by a rare word, a common
// word, two words and a status, each the median of several runs. Goal: ≤ 200 ms per search.
// Run: npx tsc -b tsconfig.build.json && node bench/history.mjs   (BENCH_CALLS=5000, BENCH_ENTRIES=100000)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { workbench } from '@wirebench/server'
import { createHistoryStore } from '@wirebench/workspace'

const calls = Number(process.env.BENCH_CALLS ?? 5000)
const entries = Number(process.env.BENCH_ENTRIES ?? 100_000)
const blocks = 10

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const fmt = (ms) => `${ms.toFixed(3)} ms`

/** Answers at once: the call path measured is the workbench's. */
const instantPlugin = {
  id: 'bench',
  name: 'Bench',
  async discover() {
    return []
  },
  async invoke(call) {
    return { response: { echo: call.messages[0], items: [1, 2, 3] }, durationMs: 0, status: 'OK', metadata: {} }
  },
}

async function appendCost() {
  const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-history-'))
  // The Fastify plugin as the standalone server mounts it (its socket timeouts need a real socket; inject has none).
  const app = Fastify({ logger: false })
  await app.register(workbench, {
    configDir,
    uiDir: null,
    token: null,
    mode: 'standalone',
    plugins: [instantPlugin],
    workspaces: { watch: false },
  })
  await app.ready()
  const wb = { app, close: () => app.close() }
  const body = {
    protocol: 'bench',
    url: 'bench://local/api',
    service: 'Items',
    method: 'getItem',
    messages: [{ id: 42, text: 'hello' }],
    metadata: { authorization: 'Bearer ${token}', 'x-trace': 'abc' },
  }
  const withHistory = {
    ...body,
    history: { workspace: 'default', request: { version: 1, name: 'get item', ...body } },
  }
  const time = async (payload) => {
    const t0 = performance.now()
    const response = await wb.app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers: { host: 'localhost' },
      payload,
    })
    const ms = performance.now() - t0
    if (response.statusCode !== 200) throw new Error(`invoke answered ${response.statusCode}: ${response.body}`)
    return ms
  }
  for (let i = 0; i < 500; i++) await time(i % 2 ? body : withHistory) // warm-up
  const off = []
  const on = []
  const perBlock = Math.ceil(calls / blocks)
  for (let b = 0; b < blocks; b++) {
    for (let i = 0; i < perBlock; i++) off.push(await time(body))
    for (let i = 0; i < perBlock; i++) on.push(await time(withHistory))
  }
  const recorded = await wb.app.inject({
    url: '/api/workspaces/default/history?limit=1',
    headers: { host: 'localhost' },
  })
  const recordedTotal = JSON.parse(recorded.body).total
  await wb.close()
  await rm(configDir, { recursive: true, force: true })
  const p50Off = quantile(off, 0.5)
  const p50On = quantile(on, 0.5)
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length
  console.log(
    `POST /api/invoke, ${off.length} calls per arm (injected, instant plugin); ${recordedTotal} entries recorded`,
  )
  console.log(`  history off: p50 ${fmt(p50Off)}  p90 ${fmt(quantile(off, 0.9))}  mean ${fmt(mean(off))}`)
  console.log(`  history on:  p50 ${fmt(p50On)}  p90 ${fmt(quantile(on, 0.9))}  mean ${fmt(mean(on))}`)
  const added = p50On - p50Off
  console.log(`  added at p50: ${fmt(added)} (goal ≤ 0.100 ms) ${added <= 0.1 ? 'OK' : 'OVER'}`)
  console.log(
    `  added mean (includes the flushes, off the call path but on the same thread): ${fmt(mean(on) - mean(off))}`,
  )
}

async function searchCost() {
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-history-search-'))
  const limits = { maxEntries: entries, maxBytes: 1024 * 1024 * 1024, segments: 20 }
  const writer = createHistoryStore(dir, limits)
  const methods = ['GET', 'POST', 'PUT', 'DELETE']
  const statuses = ['200', '201', '404', '500', 'OK', 'NOT_FOUND']
  const t0 = performance.now()
  for (let i = 0; i < entries; i++) {
    writer.append(() => ({
      at: 1_700_000_000_000 + i,
      kind: 'unary',
      request: {
        name: `request ${i % 997}`,
        protocol: i % 3 ? 'rest' : 'grpc',
        url: `http://api-${i % 50}.example.test/v1/items/${i}`,
        service: `Service${i % 40}`,
        method: methods[i % 4],
        messages: [{ id: i, filter: 'status eq active' }],
        metadata: { 'x-trace': '${traceId}' },
      },
      status: statuses[i % statuses.length],
      ok: i % 7 !== 0,
      durationMs: i % 300,
      bytes: 180,
      response: { id: i, name: `item ${i}`, tags: ['a', 'b'], note: 'x'.repeat(80) },
    }))
    if (i % 10_000 === 9_999) await writer.flush()
  }
  await writer.flush()
  const writeMs = performance.now() - t0
  const reader = createHistoryStore(dir, limits)
  const l0 = performance.now()
  const first = await reader.page({ q: 'api-7.example', limit: 50 })
  const loadMs = performance.now() - l0
  console.log(
    `\nHistory of ${entries} entries: written in ${fmt(writeMs)}; a fresh store loads and answers in ${fmt(loadMs)} (${first.total} matches)`,
  )
  const queries = [
    ['rare word', { q: 'items/99999', limit: 50 }],
    ['common word', { q: 'get', limit: 50 }],
    ['two words', { q: 'post api-3.', limit: 50 }],
    ['status', { q: '404', limit: 50 }],
    ['no query (newest page)', { limit: 50 }],
  ]
  let worst = 0
  for (const [label, query] of queries) {
    const times = []
    let total = 0
    for (let r = 0; r < 7; r++) {
      const s0 = performance.now()
      total = (await reader.page(query)).total
      times.push(performance.now() - s0)
    }
    const median = quantile(times, 0.5)
    worst = Math.max(worst, median)
    console.log(`  search ${label.padEnd(24)} median ${fmt(median)}  (${total} matches)`)
  }
  console.log(`  slowest search median: ${fmt(worst)} (goal ≤ 200 ms) ${worst <= 200 ? 'OK' : 'OVER'}`)
  await rm(dir, { recursive: true, force: true })
}

await appendCost()
await searchCost()
