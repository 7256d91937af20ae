// Collections sidebar with a workspace of 5,000 saved requests, in the built UI in Chromium: time from opening the
// page to a usable Collections tab (its rows on screen), time to show the tab once the page is up, and the cost of each
// keystroke of a search (input event to the frame after the list re-rendered). Goals: ≤ 1 s and ≤ 50 ms.
// Baseline in the same run: the same page with an empty workspace.
// Run: npx tsc -b tsconfig.build.json && npm run build -w @wirebench/ui && node bench/workspace-sidebar.mjs [--count 5000]
/* global document, requestAnimationFrame, HTMLInputElement -- page.evaluate callbacks run in the browser */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'

const { values: flags } = parseArgs({ options: { count: { type: 'string', default: '5000' } } })
const count = Number(flags.count)
const goal = { usableMs: 1000, keystrokeMs: 50 }
const repoRoot = resolve(import.meta.dirname, '..')
const cliBin = join(repoRoot, 'packages/cli/dist/bin.js')

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** `requests/group-NN/request-NNNN.json`, 50 folders, the way a workspace folder in git holds them. */
async function writeWorkspace(configDir, n) {
  const requests = join(configDir, 'workspaces', 'default', 'requests')
  for (let i = 0; i < n; i++) {
    const folder = join(requests, `group-${String(i % 50).padStart(2, '0')}`)
    if (i < 50) await mkdir(folder, { recursive: true })
    const request = {
      version: 1,
      name: `request-${String(i).padStart(4, '0')}`,
      protocol: i % 3 === 0 ? 'grpc' : 'rest',
      url: `http://127.0.0.1:${9000 + (i % 7)}/openapi.json`,
      service: `Service${i % 11}`,
      method: `operation${i}`,
      messages: [{ id: `\${id}`, page: i }],
    }
    await writeFile(join(folder, `${request.name}.json`), `${JSON.stringify(request, null, 2)}\n`)
  }
}

async function startCli(configDir) {
  const child = spawn(process.execPath, [cliBin, '--no-open', '--port', '0', '--config-dir', configDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const openUrl = await new Promise((found, fail) => {
    const timer = setTimeout(() => fail(new Error(`no URL within 30 s:\n${output}`)), 30_000)
    const onData = (chunk) => {
      output += chunk.toString()
      const match = /Open:\s+(\S+)/.exec(output)
      if (match && output.includes('Ctrl+C')) {
        clearTimeout(timer)
        found(match[1])
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
  })
  return { openUrl, stop: () => child.kill('SIGTERM') }
}

async function measure(browser, n) {
  const configDir = await mkdtemp(join(tmpdir(), 'wirebench-bench-ws-'))
  await writeWorkspace(configDir, n)
  const cli = await startCli(configDir)
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  try {
    const started = Date.now()
    await page.goto(cli.openUrl)
    await page.locator('.app').waitFor()
    await page.getByRole('tab', { name: /^Collections/ }).click()
    // Usable: the tree shows the workspace's folders (or says it is empty).
    await page.locator('.col-row, .col-empty').first().waitFor({ timeout: 60_000 })
    const usableMs = Date.now() - started
    // Showing the tab again, the content already loaded.
    await page.getByRole('tab', { name: /^Services/ }).click()
    const tabMs = await page.evaluate(async () => {
      const t0 = performance.now()
      document.querySelector('#sidebar-tab-saved').click()
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      return performance.now() - t0
    })
    const keystrokes = await page.evaluate(async (text) => {
      const input = document.querySelector('input[aria-label="Search saved requests"]')
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
      const times = []
      for (const query of [
        ...Array.from(text, (_, i) => text.slice(0, i + 1)),
        ...Array.from(text, (_, i) => text.slice(0, text.length - i - 1)),
      ]) {
        const t0 = performance.now()
        setValue.call(input, query)
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
        times.push(performance.now() - t0)
      }
      return times
    }, 'request-12')
    const rows = await page.locator('.col-row').count()
    // The server's share: reading the workspace's content (every saved request) once more, as the page does.
    const contentMs = await page.evaluate(async () => {
      const t0 = performance.now()
      const token = sessionStorage.getItem('wirebench.token') ?? ''
      const response = await fetch('/api/workspaces/default', { headers: { 'x-workbench-token': token } })
      await response.json()
      return performance.now() - t0
    })
    return { usableMs, tabMs, keystrokes, rows, contentMs }
  } finally {
    await page.close()
    cli.stop()
    await rm(configDir, { recursive: true, force: true })
  }
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
try {
  const baseline = await measure(browser, 0)
  const loaded = await measure(browser, count)
  const report = (label, r) =>
    console.log(
      `${label}: usable sidebar ${r.usableMs} ms from opening the page (GET content ${r.contentMs.toFixed(0)} ms), Collections tab ${r.tabMs.toFixed(1)} ms, search per keystroke p50 ${percentile(r.keystrokes, 50).toFixed(1)} ms / p95 ${percentile(r.keystrokes, 95).toFixed(1)} ms / max ${Math.max(...r.keystrokes).toFixed(1)} ms (${r.keystrokes.length} keystrokes; ${r.rows} rows in the DOM at the end)`,
    )
  report('empty workspace (baseline)', baseline)
  report(`${count} saved requests`, loaded)
  const ok = loaded.usableMs <= goal.usableMs && percentile(loaded.keystrokes, 95) <= goal.keystrokeMs
  console.log(`goals: usable ≤ ${goal.usableMs} ms, keystroke p95 ≤ ${goal.keystrokeMs} ms — ${ok ? 'met' : 'NOT met'}`)
} finally {
  await browser.close()
}
