// MCP discovery of a server with 1,000 tools (generated, listed 100 per page): time to a usable POST /api/discover
// answer (probe, initialize, every page, the forms described, the JSON parsed) vs the SDK's own connect + listTools loop.
// Baseline: the SDK client. Each round opens a new session on both sides (the workbench would otherwise reuse one).
// Run: node bench/mcp-discovery.mjs   (needs a build: npx tsc -b tsconfig.build.json)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Pool } from 'undici'
import { createStandaloneServer } from '../packages/server/dist/index.js'
import { startMcpTargetProcess } from './mcp-targets/server.mjs'

const toolCount = Number(process.env.MCP_DISCOVERY_TOOLS ?? 1000)
const rounds = Number(process.env.MCP_DISCOVERY_ROUNDS ?? 10)
const goalRatio = 1.5

const target = await startMcpTargetProcess({ tools: toolCount - 1, pageSize: 100 })
const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-mcp-discovery-'))
const workbench = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
const base = await workbench.listen()
const pool = new Pool(base, { connections: 1 })

async function sdkList() {
  const client = new Client({ name: 'bench', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(target.url)))
  const tools = []
  let cursor
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor })
    tools.push(...page.tools)
    cursor = page.nextCursor
  } while (cursor !== undefined)
  await client.close()
  if (tools.length !== toolCount) throw new Error(`listed ${tools.length} tools`)
}

let bytes = 0
// Where a discovery's time goes: the MCP attempt itself (probe, initialize, pages, description) and the slowest of the
// other plugins' attempts (the unpinned fan-out); the rest is the HTTP hop, the answer's serialisation and parsing.
const split = { mcp: [], pinnedMcp: [], others: [] }
/** Unpinned, every plugin tries the URL (MCP probes by GET first); pinned (`mcp@`), only MCP, which initializes at once. */
async function workbenchDiscover(run, pinned = false) {
  // Another header value is another session: a fresh probe and initialize, as for a URL seen for the first time.
  const url = pinned ? `mcp@${target.url}` : target.url
  const body = JSON.stringify({ urls: [url], metadata: { 'x-bench-run': String(run) } })
  const headers = { 'content-type': 'application/json', 'x-workbench-token': workbench.token }
  const res = await pool.request({ path: '/api/discover', method: 'POST', headers, body })
  const text = await res.body.text()
  bytes = text.length
  const answer = JSON.parse(text)
  const tools = answer.services.find((s) => s.protocol === 'mcp' && s.name === 'Tools')
  if (tools?.methods.length !== toolCount)
    throw new Error(`discovered ${tools?.methods.length} tools: ${text.slice(0, 300)}`)
  const mcp = answer.attempts.find((a) => a.pluginId === 'mcp')
  const others = answer.attempts.filter((a) => a.pluginId !== 'mcp').map((a) => a.durationMs)
  ;(pinned ? split.pinnedMcp : split.mcp).push(mcp.durationMs)
  if (!pinned) split.others.push(Math.max(...others))
}

const timed = async (fn) => {
  const started = performance.now()
  await fn()
  return performance.now() - started
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const ms = (v) => `${v.toFixed(1)} ms`

try {
  const cold = await timed(() => workbenchDiscover('cold'))
  await sdkList()
  for (const list of Object.values(split)) list.length = 0
  const sdk = []
  const wb = []
  const pinned = []
  for (let round = 0; round < rounds; round++) {
    sdk.push(await timed(sdkList))
    wb.push(await timed(() => workbenchDiscover(round)))
    pinned.push(await timed(() => workbenchDiscover(`pinned-${round}`, true)))
  }
  const ratio = median(wb) / median(sdk)
  console.log(`mcp-discovery: ${toolCount} tools in pages of 100, ${rounds} rounds, a new session each`)
  console.log(`  baseline (SDK connect + listTools loop)        median ${ms(median(sdk))}  min ${ms(Math.min(...sdk))}`)
  console.log(`  workbench (POST /api/discover, parsed)         median ${ms(median(wb))}  min ${ms(Math.min(...wb))}`)
  console.log(
    `  workbench pinned mcp@ (no probe, MCP alone)    median ${ms(median(pinned))}  min ${ms(Math.min(...pinned))}  (${(median(pinned) / median(sdk)).toFixed(2)}x)`,
  )
  console.log(
    `  inside the workbench: MCP attempt median ${ms(median(split.mcp))} (pinned ${ms(median(split.pinnedMcp))}); slowest other plugin's attempt ${ms(median(split.others))}`,
  )
  console.log(`  first discovery (loads the MCP stack)     ${ms(cold)}; answer ${(bytes / 1e6).toFixed(2)} MB of JSON`)
  console.log(
    `  ratio ${ratio.toFixed(2)}x of baseline; goal ≤ ${goalRatio}x: ${ratio <= goalRatio ? 'met' : 'NOT met'}`,
  )
} finally {
  await pool.close()
  await workbench.close()
  await target.close()
  await rm(configDir, { recursive: true, force: true })
}
