/**
 * The built CLI's MCP flags: `--url 'mcp@stdio:<command line>'` starts a stdio server named after its program (argv,
 * no shell) and locks its `mcp+stdio://<name>` address; `--mcp-config <file>` adds a file's servers; `--help` says so.
 */
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, McpServersResponse } from '@wirebench/core'
import {
  cliDirs,
  configOf,
  removeCliDirs,
  requireBuiltCli,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../servers/server/cli-process.js'
import type { CliRun } from '../servers/server/cli-process.js'

const faultyScript = join(dirname(fileURLToPath(import.meta.url)), '..', 'servers', 'mcp', 'faulty-stdio-server.mjs')
const runs: CliRun[] = []
const start = (args: string[]): CliRun => {
  const run = spawnCli(args)
  runs.push(run)
  return run
}

beforeAll(() => requireBuiltCli())
afterEach(async () => {
  await Promise.all(runs.splice(0).map(stopCli))
  await removeCliDirs()
})

describe('wirebench MCP flags', () => {
  it('documents --mcp-config and mcp@stdio: in --help', async () => {
    const run = start(['--help'])
    expect((await run.exited).code).toBe(0)
    expect(run.stdout()).toContain('--mcp-config <file>')
    expect(run.stdout()).toContain('mcp@stdio:<command line>')
    expect(run.stdout()).toContain('mcp+stdio://')
  })

  it('starts a stdio server given on the command line and a configuration file’s servers', async () => {
    const { configDir, uiDir } = await cliDirs()
    const file = join(configDir, '..', 'servers.json')
    await writeFile(
      file,
      JSON.stringify({ mcpServers: { fromfile: { command: process.execPath, args: [faultyScript] } } }),
      {
        mode: 0o600,
      },
    )
    const run = start([
      '--no-open',
      '--port',
      '0',
      '--config-dir',
      configDir,
      '--ui-dir',
      uiDir,
      '--mcp-config',
      file,
      '--url',
      `mcp@stdio:${process.execPath} ${faultyScript}`,
    ])
    const { base, token } = await waitForUrl(run)
    expect(run.stdout()).toContain(`MCP:     mcp+stdio://node runs ${process.execPath} ${faultyScript}`)
    const config = configOf(await (await fetch(`${base}/`)).text())
    expect(config['lockedUrls']).toEqual(['mcp+stdio://node'])
    const headers = { 'x-workbench-token': token!, 'content-type': 'application/json' }
    const servers = (await (await fetch(`${base}/api/mcp/servers`, { headers })).json()) as McpServersResponse
    expect(servers.servers.map((s) => [s.name, s.source.kind])).toEqual([
      ['node', 'command-line'],
      ['fromfile', 'file'],
    ])
    const discovered = (await (
      await fetch(`${base}/api/discover`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ urls: ['mcp+stdio://node', 'mcp+stdio://fromfile'] }),
      })
    ).json()) as DiscoverResponse
    expect(discovered.attempts.map((a) => [a.url, a.outcome])).toEqual([
      ['mcp+stdio://node', 'ok'],
      ['mcp+stdio://fromfile', 'ok'],
    ])
  })

  it('refuses a command line it cannot split', async () => {
    const run = start(['--no-open', '--url', 'mcp@stdio:node "unclosed'])
    expect((await run.exited).code).toBe(2)
    expect(run.stderr()).toContain('unclosed double quote')
  })
})
