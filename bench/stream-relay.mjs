// Live stream relay: a server stream through the built workbench (CLI → protocol plugin → /api/ws) into the built UI
// in Chromium, against named baselines in the same run: a direct client of the same target in Node (throughput
// ceiling) and an idle page (frame times). Reports sustained msg/s, messages lost (server count vs page count) and
// frame times. Targets: gRPC (a server stream), SSE (an event stream), WebSocket (text frames) and a sidecar (the Python
// example's stream over stdio JSON-RPC), in bench/stream-targets/.
// Run: npx tsc -b tsconfig.build.json && npm run build -w @wirebench/ui && node bench/stream-relay.mjs
//      [--protocol grpc|sse|websocket|signalr|sidecar] [--seconds 60] [--rate 10000] [--quick] [--ui-dir DIR] [--filter TEXT] [--profile-page FILE]
//      (--quick: 10 s, for local runs; --filter: the paced stream runs with the log filtered to messages containing TEXT)
/* global window, requestAnimationFrame -- page.evaluate callbacks run in the browser */
import { fork, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium } from 'playwright-core'

const { values: flags } = parseArgs({
  options: {
    protocol: { type: 'string', default: 'grpc' },
    seconds: { type: 'string' },
    rate: { type: 'string', default: '10000' },
    quick: { type: 'boolean', default: false },
    // A UI build elsewhere than packages/ui/dist (e.g. to compare two builds).
    'ui-dir': { type: 'string' },
    // Filter the log while the paced stream runs (what the text filter costs at the stream's rate).
    filter: { type: 'string' },
    // Write a CPU profile of the page (Chrome DevTools format) over the flat-out and paced streams to this file.
    'profile-page': { type: 'string' },
    // Internal: run the target in its own process (a target sharing the bench's thread would slow the baseline).
    serve: { type: 'boolean', default: false },
  },
})
const targets = {
  grpc: 'grpc.mjs',
  sse: 'sse.mjs',
  websocket: 'websocket.mjs',
  signalr: 'signalr.mjs',
  sidecar: 'sidecar.mjs',
}
if (!(flags.protocol in targets)) {
  console.error(`stream-relay: --protocol must be one of ${Object.keys(targets).join(', ')}.`)
  process.exit(2)
}
const target = await import(`./stream-targets/${targets[flags.protocol]}`)
const seconds = Number(flags.seconds ?? (flags.quick ? 10 : 60))
const rate = Number(flags.rate)
const burstCount = Number(process.env.STREAM_BURST_COUNT ?? (flags.quick ? 20_000 : 50_000))
const goal = { rate: 10_000, seconds: 60, lost: 0, p95FrameMs: 33 }

const repoRoot = resolve(import.meta.dirname, '..')
const cliBin = join(repoRoot, 'packages/cli/dist/bin.js')

if (flags.serve) {
  const served = await target.serve()
  process.on('message', () => process.send({ sent: served.sent() }))
  process.on('disconnect', () => served.close())
  process.send({ port: served.port })
} else {
  await main()
}

async function main() {
  for (const file of [cliBin, join(flags['ui-dir'] ?? join(repoRoot, 'packages/ui/dist'), 'index.html')]) {
    if (!existsSync(file)) {
      console.error(
        `stream-relay: ${file} is missing; build first (npx tsc -b tsconfig.build.json, npm run build -w @wirebench/ui).`,
      )
      process.exit(1)
    }
  }
  const scratch = await mkdtemp(join(tmpdir(), 'wb-bench-stream-'))
  const server = fork(import.meta.filename, ['--serve', '--protocol', flags.protocol], { stdio: 'inherit' })
  const port = await new Promise((ok) => server.once('message', (m) => ok(m.port)))
  const targetUrl = target.discoveryUrl(port)
  /** Messages the target has written so far (asked over IPC). */
  const serverSent = () =>
    new Promise((ok) => {
      server.once('message', (m) => ok(m.sent))
      server.send('sent')
    })

  // Baseline: the same stream read by a direct client in Node, no workbench, no page.
  const direct = (count, perSecond) => target.direct({ port, count, perSecond })

  // The workbench: the built CLI, URL locked to the target.
  const configDir = join(scratch, 'config')
  const cli = spawn(
    process.execPath,
    [
      cliBin,
      '--no-open',
      '--port',
      '0',
      '--config-dir',
      configDir,
      '--url',
      targetUrl,
      // A target may need more of the command line (a sidecar target: --plugin-dir).
      ...(target.cliArgs?.() ?? []),
      ...(flags['ui-dir'] ? ['--ui-dir', flags['ui-dir']] : []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let cliOutput = ''
  cli.stdout.on('data', (c) => (cliOutput += c))
  cli.stderr.on('data', (c) => (cliOutput += c))
  const openUrl = await new Promise((found, fail) => {
    const timer = setTimeout(() => fail(new Error(`The CLI printed no URL:\n${cliOutput}`)), 30_000)
    cli.stdout.on('data', () => {
      const match = /Open:\s+(\S+)/.exec(cliOutput)
      if (match && cliOutput.includes('Ctrl+C')) {
        clearTimeout(timer)
        found(match[1])
      }
    })
    cli.once('exit', (code) => fail(new Error(`The CLI exited with ${code}:\n${cliOutput}`)))
  })

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })

  async function openFeed() {
    await page.goto(openUrl)
    await target.open(page)
  }

  /** Starts a requestAnimationFrame recorder in the page; the returned function stops it and gives the intervals. */
  async function recordFrames() {
    await page.evaluate(() => {
      const state = { last: performance.now(), gaps: [], running: true }
      window.__frames = state
      const tick = (now) => {
        state.gaps.push(now - state.last)
        state.last = now
        if (state.running) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
    return () =>
      page.evaluate(() => {
        window.__frames.running = false
        return window.__frames.gaps.slice(1)
      })
  }

  // Messages of the call that are not the stream's own (SignalR: the connection's state entries and the Close).
  const overhead = target.overheadMessages ?? 0
  const facts = () =>
    page.locator('.live-view').evaluate(
      (el, overhead) => ({
        status: el.dataset.status,
        received: Number(el.dataset.received) - overhead,
        gaps: Number(el.dataset.seqGaps),
        dropped: Number(el.dataset.dropped),
      }),
      overhead,
    )

  /** Runs one stream in the page; samples the page's count every second. */
  async function pageRun(count, perSecond) {
    const sentBefore = await serverSent()
    const stopFrames = await recordFrames()
    const started = performance.now()
    await target.start(page, { count, perSecond, port })
    await page.locator('.live-view').waitFor()
    // Readings of the page's count with their time: the polls themselves are late when the page is busy.
    const samples = []
    let state
    const deadline = started + (perSecond > 0 ? (count / perSecond) * 1000 * 2 + 30_000 : 300_000)
    for (;;) {
      await sleep(1000)
      state = await facts()
      samples.push({ t: performance.now(), received: state.received })
      if (state.status === 'closed' || state.status === 'error' || performance.now() > deadline) break
    }
    const elapsed = (performance.now() - started) / 1000
    const frames = await stopFrames()
    return {
      ...state,
      elapsed,
      rate: state.received / elapsed,
      serverSent: (await serverSent()) - sentBefore,
      samples,
      frames,
    }
  }

  const percentile = (sorted, p) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
  function frameStats(gaps) {
    const sorted = Float64Array.from(gaps).sort()
    return {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted[sorted.length - 1] ?? NaN,
      count: sorted.length,
      // Frames that took longer than one 60 Hz vsync (with timer jitter): the page skipped at least one.
      late: sorted.filter((gap) => gap > 20).length / Math.max(1, sorted.length),
    }
  }
  const fmt = (n, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

  try {
    // Warm-up: the first streams of a process run several times slower until the JIT has settled.
    await direct(burstCount, 0)
    const ceiling = await direct(burstCount, 0)
    const pacedDirect = await direct(Math.min(rate * 3, 50_000), rate)

    await openFeed()
    const stopIdle = await recordFrames()
    await sleep(3000)
    const idle = frameStats(await stopIdle())

    const cdp = flags['profile-page'] ? await page.context().newCDPSession(page) : undefined
    if (cdp) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.start')
    }
    const burst = await pageRun(burstCount, 0)
    if (flags.filter) await page.getByRole('searchbox', { name: 'Filter messages' }).fill(flags.filter)
    const paced = await pageRun(rate * seconds, rate)
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop')
      await writeFile(flags['profile-page'], JSON.stringify(profile))
    }
    const filterCount = flags.filter ? await page.locator('.live-filter-count').textContent() : null
    const pacedFrames = frameStats(paced.frames)
    const burstFrames = frameStats(burst.frames)
    // Steady state: from the first reading (the call is open by then) to the last one before the stream completed.
    const steady = paced.samples.filter((s) => s.received < paced.received)
    const rateBetween = (a, b) => ((b.received - a.received) * 1000) / (b.t - a.t)
    const sustained = steady.length >= 2 ? rateBetween(steady[0], steady.at(-1)) : paced.rate
    const minSecond = Math.min(...steady.slice(1).map((s, i) => rateBetween(steady[i], s)))

    console.log(
      `stream-relay: ${target.name} stream → workbench (/api/ws) → Chromium page; ${rate.toLocaleString()} msg/s for ${seconds} s, burst of ${burstCount.toLocaleString()}`,
    )
    console.log(
      `  baseline (direct ${target.name} client, flat out)  ${fmt(ceiling.rate)} msg/s  (${fmt(ceiling.received)} in ${fmt(ceiling.elapsed, 2)} s)`,
    )
    console.log(`  baseline (direct ${target.name} client, paced)     ${fmt(pacedDirect.rate)} msg/s`)
    console.log(
      `  baseline (idle page) frames                  p50 ${fmt(idle.p50, 1)} ms  p95 ${fmt(idle.p95, 1)} ms  max ${fmt(idle.max, 1)} ms`,
    )
    console.log(
      `  page, flat out                               ${fmt(burst.rate)} msg/s (${(burst.rate / ceiling.rate).toFixed(2)}x of the direct ceiling); lost ${fmt(burst.serverSent - burst.received)}; frames p50 ${fmt(burstFrames.p50, 1)} ms p95 ${fmt(burstFrames.p95, 1)} ms max ${fmt(burstFrames.max, 1)} ms`,
    )
    console.log(
      `  page, paced                                  ${fmt(sustained)} msg/s sustained (slowest poll interval ${fmt(minSecond)} msg/s) over ${fmt(paced.elapsed, 1)} s; received ${fmt(paced.received)} of ${fmt(paced.serverSent)} sent, lost ${fmt(paced.serverSent - paced.received)}, seq gaps ${paced.gaps}, dropped ${paced.dropped}`,
    )
    console.log(
      `  page, paced frames                           p50 ${fmt(pacedFrames.p50, 1)} ms  p95 ${fmt(pacedFrames.p95, 1)} ms  max ${fmt(pacedFrames.max, 1)} ms  (p95 ${(pacedFrames.p95 / idle.p95).toFixed(2)}x of idle); ${fmt(pacedFrames.late * 100, 1)}% of ${fmt(pacedFrames.count)} frames over 20 ms (idle page ${fmt(idle.late * 100, 1)}%)`,
    )
    const lost = paced.serverSent - paced.received + (burst.serverSent - burst.received)
    // rAF intervals come in whole vsyncs (16.7 ms at 60 Hz): "≤ 33 ms" means at most two, give or take timer jitter.
    const frameTolerance = 0.5
    // Kept up: every message of the paced stream was in the page within 3 s of the stream's own length.
    const keptUp = paced.status === 'closed' && paced.received === rate * seconds && paced.elapsed <= seconds + 3
    if (flags.filter) console.log(`  page, paced, log filtered to "${flags.filter}": ${filterCount} at the end`)
    console.log(
      `  page, paced overall                          ${fmt(paced.received / paced.elapsed)} msg/s (${fmt(paced.received)} in ${fmt(paced.elapsed, 1)} s, opening the call included)`,
    )
    const met =
      keptUp &&
      rate >= goal.rate &&
      seconds >= goal.seconds &&
      lost === goal.lost &&
      pacedFrames.p95 <= goal.p95FrameMs + frameTolerance
    console.log(
      `  goal ${goal.rate.toLocaleString()} msg/s for ${goal.seconds} s, 0 lost, p95 frame ≤ ${goal.p95FrameMs} ms: ${met ? 'met' : seconds < goal.seconds ? 'not measured at full length (quick run)' : 'NOT met'}`,
    )
  } finally {
    await browser.close()
    cli.kill('SIGTERM')
    await new Promise((done) => (cli.exitCode !== null ? done() : cli.once('exit', done)))
    server.disconnect()
    await rm(scratch, { recursive: true, force: true })
  }
}
