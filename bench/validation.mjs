// Response validation benchmark: a 4 MB answer of Stripe's `GET /v1/charges` (the 2022 Stripe spec in
// ../shared/corpus) validated against its response schema off the main thread, in the server's validation worker.
// Measured: time to the badge (from the call's answer to the validation result) and the main thread's longest task
// while the worker runs (a 1 ms timer's largest lateness). Goal: ≤ 200 ms to the badge, no task over 50 ms.
// Baselines in the same run: JSON.parse of the same body, and Ajv inline on the main thread (what validating without
// the worker would block for). Two levels: the server's ResponseValidator directly, and end to end through the
// standalone server (`POST /api/invoke`, then `GET /api/validations/:id`): a call sent at once after discovery (the
// schema compiles while the call is on the wire) and a call sent after opening the method (`GET /api/method`, as the UI
// does, which starts the compile ahead).
// Run: npx tsc -b tsconfig.build.json && node bench/validation.mjs   (BENCH_RUNS=5, BENCH_THINK_MS=1500)
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { createStandaloneServer } from '@wirebench/server'
import { createResponseValidator } from '@wirebench/server/engine'
import { schemaChecker } from '@wirebench/transport/schema-check'

const runs = Number(process.env.BENCH_RUNS ?? 5)
const targetBytes = 4 * 1024 * 1024
const specPath = new URL('../../shared/corpus/stripe-spec3-2022.json', import.meta.url)
const specText = readFileSync(specPath, 'utf8')
const spec = JSON.parse(specText)

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const fmt = (ms) => `${ms.toFixed(1)} ms`

/** A minimal instance of a schema: required properties only, the first branch of a choice. */
function example(schema, depth = 0) {
  if (schema?.$ref) return example(spec.components.schemas[schema.$ref.split('/').pop()], depth)
  if (!schema || depth > 12) return null
  if (schema.anyOf ?? schema.oneOf) return example((schema.anyOf ?? schema.oneOf)[0], depth + 1)
  if (schema.enum) return schema.enum[0]
  switch (schema.type) {
    case 'object': {
      const out = {}
      for (const name of schema.required ?? []) out[name] = example(schema.properties?.[name], depth + 1)
      return out
    }
    case 'array':
      return []
    case 'integer':
    case 'number':
      return 1
    case 'boolean':
      return false
    case 'string':
      return schema.format === 'unix-time' ? '1' : 'text'
    default:
      return schema.nullable ? null : {}
  }
}

const charge = example(spec.components.schemas.charge)
const one = JSON.stringify(charge).length
const count = Math.ceil(targetBytes / (one + 1))
const body = JSON.stringify({
  object: 'list',
  url: '/v1/charges',
  has_more: false,
  data: Array.from({ length: count }, (_, i) => ({ ...charge, id: `ch_${i}` })),
})
const bodyBytes = Buffer.byteLength(body)

/** The longest the main thread was busy between `start()` and `stop()`: a 1 ms timer's worst lateness. */
function longestTask() {
  let last = performance.now()
  let worst = 0
  const timer = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last - 1)
    last = now
  }, 1)
  return { stop: () => (clearInterval(timer), Math.max(0, worst)) }
}

/** A Stripe look-alike: the spec at /openapi.json (servers → itself) and the 4 MB list at /v1/charges. */
function startTarget() {
  const server = createServer((req, res) => {
    const { port } = server.address()
    if (req.url === '/openapi.json') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ ...spec, servers: [{ url: `http://127.0.0.1:${port}` }] }))
      return
    }
    if (req.url.startsWith('/v1/charges')) {
      res.setHeader('content-type', 'application/json')
      res.end(body)
      return
    }
    res.statusCode = 404
    res.end()
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

async function main() {
  console.log(`Stripe GET /v1/charges answer: ${(bodyBytes / 1024 / 1024).toFixed(2)} MB (${count} charges)`)

  // The operation's response schema as the REST plugin builds it (one discovery, one call with no validator, so
  // validation runs inline once: that also compiles the schema on this thread for the inline baseline).
  const target = await startTarget()
  const origin = `http://127.0.0.1:${target.address().port}`
  const docUrl = `${origin}/openapi.json`
  const plugin = createRestPlugin()
  const ctx = (validator) => ({
    signal: new AbortController().signal,
    metadata: {},
    markers: {},
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    limits: { maxResponseBytes: 64 * 1024 * 1024, timeoutMs: 60_000, maxQueuedFrames: 10_000 },
    ...(validator ? { validator } : {}),
  })
  await plugin.discover({ kind: 'url', url: docUrl }, ctx())
  let job
  const capture = { inlineLimitBytes: 0, submit: (j) => ((job = j), { id: 'x', schema: j.schemaName }) }
  const call = { target: docUrl, service: 'Default', method: 'GetCharges', messages: [{}] }
  await plugin.invoke(call, ctx(capture))
  if (!job) throw new Error('the call did not hand its validation over')
  console.log(`schema: ${job.schemaName} (${JSON.stringify(job.schema).length.toLocaleString()} chars self-contained)`)

  // Baselines on the main thread.
  const parseMs = []
  const inlineMs = []
  let problems = 0
  for (let i = 0; i < runs; i++) {
    let t = performance.now()
    const value = JSON.parse(body)
    parseMs.push(performance.now() - t)
    t = performance.now()
    problems = schemaChecker().check(job.key, job.schema, value).length
    inlineMs.push(performance.now() - t)
  }

  // A small answer (one charge, about 1.3 KB) validated inline, as every answer up to 1 MB is.
  const small = { object: 'list', url: '/v1/charges', has_more: false, data: [{ ...charge, id: 'ch_small' }] }
  const smallBytes = JSON.stringify(small).length
  const smallRuns = 20_000
  let t0 = performance.now()
  for (let i = 0; i < smallRuns; i++) schemaChecker().check(job.key, job.schema, small)
  const smallMs = (performance.now() - t0) / smallRuns
  t0 = performance.now()
  for (let i = 0; i < smallRuns; i++) JSON.parse(JSON.stringify(small))
  const smallCodecMs = (performance.now() - t0) / smallRuns

  // Level 1: the server's validator (worker thread).
  const validator = createResponseValidator()
  const level1 = []
  const bytes = Buffer.from(body)
  for (let i = 0; i < runs + 1; i++) {
    const probe = longestTask()
    const started = performance.now()
    const pending = validator.submit({ ...job, body: bytes })
    const result = await validator.result(pending.id)
    level1.push({ ms: performance.now() - started, longest: probe.stop(), problems: result.problems.length })
  }
  await validator.close()

  // Level 2: end to end through the standalone server. Each server is a fresh process state (its worker has compiled
  // nothing), so its first call is the operation's first validation in the process.
  const standalone = async () => {
    const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-validation-'))
    const wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    const base = await wb.listen()
    const headers = { 'content-type': 'application/json', 'x-workbench-token': wb.token }
    await fetch(`${base}/api/discover`, { method: 'POST', headers, body: JSON.stringify({ urls: [`rest@${docUrl}`] }) })
    const close = async () => {
      await wb.close()
      await rm(configDir, { recursive: true, force: true })
    }
    return { base, headers, close }
  }
  const callOnce = async ({ base, headers }) => {
    const started = performance.now()
    const res = await fetch(`${base}/api/invoke`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ protocol: 'rest', url: docUrl, service: 'Default', method: 'GetCharges', messages: [{}] }),
    })
    const result = await res.json()
    const answered = performance.now()
    const probe = longestTask()
    const follow = await fetch(`${base}/api/validations/${result.validationPending.id}`, { headers })
    const validation = await follow.json()
    const done = performance.now()
    return {
      call: answered - started,
      badge: done - answered,
      longest: probe.stop(),
      problems: validation.problems.length,
    }
  }
  const server = await standalone()
  const level2 = []
  for (let i = 0; i < runs + 1; i++) level2.push(await callOnce(server))
  await server.close()

  // The cold case as the page lives it: the method is opened (the UI's `GET /api/method`, which starts the compile in
  // the worker), the form is filled in for a moment, then the call is sent. Median over fresh servers.
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1500)
  const opened = []
  for (let i = 0; i < Math.max(1, Math.min(runs, 3)); i++) {
    const fresh = await standalone()
    const query = new URLSearchParams({ protocol: 'rest', url: docUrl, service: 'Default', method: 'GetCharges' })
    await fetch(`${fresh.base}/api/method?${query}`, { headers: fresh.headers })
    await new Promise((resolve) => setTimeout(resolve, thinkMs))
    opened.push(await callOnce(fresh))
    await fresh.close()
  }
  await plugin.dispose()
  target.closeAllConnections()
  await new Promise((resolve) => target.close(resolve))

  const warm1 = level1.slice(1)
  const warm2 = level2.slice(1)
  const inline = median(inlineMs)
  console.log(
    `small answer (${smallBytes} B) inline: ${(smallMs * 1000).toFixed(1)} µs per validation (its JSON.stringify + JSON.parse: ${(smallCodecMs * 1000).toFixed(1)} µs)`,
  )
  console.log(`baseline JSON.parse (main thread):      ${fmt(median(parseMs))}`)
  console.log(
    `baseline Ajv inline (main thread):      ${fmt(inline)}  (${problems} problems)  <- longest task without the worker`,
  )
  console.log(
    `worker, cold (compiles the schema):     ${fmt(level1[0].ms)} to the result, longest main-thread task ${fmt(level1[0].longest)}`,
  )
  console.log(
    `worker, warm (median of ${runs}):            ${fmt(median(warm1.map((r) => r.ms)))} to the result, longest main-thread task ${fmt(Math.max(...warm1.map((r) => r.longest)))} (worst)`,
  )
  console.log(
    `end to end, cold: call answered in ${fmt(level2[0].call)}, badge ${fmt(level2[0].badge)} later, longest task meanwhile ${fmt(level2[0].longest)}`,
  )
  console.log(
    `end to end, cold after opening the method (${thinkMs} ms to fill in the form; median of ${opened.length} fresh servers): call ${fmt(median(opened.map((r) => r.call)))}, badge +${fmt(median(opened.map((r) => r.badge)))} (each: ${opened.map((r) => r.badge.toFixed(1)).join(', ')} ms), longest task meanwhile ${fmt(Math.max(...opened.map((r) => r.longest)))} (worst)`,
  )
  console.log(
    `end to end, warm (median of ${runs}): call ${fmt(median(warm2.map((r) => r.call)))}, badge +${fmt(median(warm2.map((r) => r.badge)))}, longest task meanwhile ${fmt(Math.max(...warm2.map((r) => r.longest)))} (worst); ${warm2[0].problems} problems`,
  )
  const badge = median(warm2.map((r) => r.badge))
  const longest = median(warm2.map((r) => r.longest))
  const runsOf = (rows) => rows.map((r) => r.longest.toFixed(1)).join(', ')
  console.log(`longest main-thread task per warm run: worker level ${runsOf(warm1)} ms; end to end ${runsOf(warm2)} ms`)
  console.log(
    `vs the inline baseline: while the worker validates, the main thread's longest task is ${fmt(longest)} (median, end to end); inline it would block ${fmt(inline)} for Ajv (the body is parsed already) and JSON.parse costs ${fmt(median(parseMs))} wherever it runs`,
  )
  console.log(
    `load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  )
  console.log(
    `goal ≤ 200 ms to the badge: warm (median) ${badge <= 200 ? 'met' : 'missed'}, cold after opening the method (median) ${median(opened.map((r) => r.badge)) <= 200 ? 'met' : 'missed'}, cold sent at once ${level2[0].badge <= 200 ? 'met' : 'missed'}; no task over 50 ms (median of runs): ${longest <= 50 ? 'met' : 'missed'}`,
  )
}

await main()
