/**
 * `wirebench plugin list | install | remove` and `--plugin-dir`, through the built CLI: install the Python example,
 * list it (with its health once a workbench runs and has used it), refuse a bad archive, remove it.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, PluginInfo, PluginsResponse } from '@wirebench/core'
import { startToyServer } from '@wirebench/demo'
import type { ToyServer } from '@wirebench/demo'
import {
  cliDirs,
  removeCliDirs,
  requireBuiltCli,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../servers/server/cli-process.js'
import type { CliRun } from '../servers/server/cli-process.js'
import { pythonExampleDir } from '../servers/sidecar/plugin-dirs.js'
import { writeZip } from '../servers/sidecar/zip-writer.js'

async function command(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = spawnCli(args)
  const { code } = await run.exited
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}

describe('wirebench plugin (the built CLI)', () => {
  let configDir = ''
  let uiDir = ''
  let toy: ToyServer
  let server: CliRun | undefined

  beforeAll(async () => {
    requireBuiltCli()
    ;({ configDir, uiDir } = await cliDirs())
    toy = await startToyServer({ host: '127.0.0.1' })
  })

  afterAll(async () => {
    if (server) await stopCli(server)
    await toy?.close()
    await removeCliDirs()
  })

  it('installs the Python example into the config dir, running nothing of it', async () => {
    const result = await command(['plugin', 'install', pythonExampleDir, '--config-dir', configDir])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /Installed dev\.wirebench\.example\.toy 1\.0\.0 \(protocol toy, stdio\) in .*plugins\/dev\.wirebench\.example\.toy/,
    )
    expect(existsSync(join(configDir, 'plugins', 'dev.wirebench.example.toy', 'sidecar.py'))).toBe(true)
  })

  it('refuses a bad archive with the reason and exit code 1', async () => {
    const zip = await writeZip(join(configDir, '..', 'evil.zip'), [
      { name: 'sidecar.json', data: Buffer.from('{}') },
      { name: '../evil.txt', data: Buffer.from('x') },
    ])
    const result = await command(['plugin', 'install', zip, '--config-dir', configDir])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^wirebench: .*(invalid relative path|climbs out)/)
    expect(existsSync(join(configDir, 'evil.txt'))).toBe(false)
  })

  it('lists the installed plugin with its manifest facts while no workbench runs', async () => {
    const result = await command(['plugin', 'list', '--json', '--config-dir', configDir])
    expect(result.code).toBe(0)
    const listed = JSON.parse(result.stdout) as { server: string | null; plugins: PluginInfo[] }
    expect(listed.server).toBeNull()
    expect(listed.plugins).toEqual([
      expect.objectContaining({
        id: 'toy',
        name: 'Toy lab',
        packageId: 'dev.wirebench.example.toy',
        version: '1.0.0',
        transport: 'stdio',
        manifestStatus: 'valid',
        state: 'not_started',
        directory: join(configDir, 'plugins', 'dev.wirebench.example.toy'),
      }),
    ])
    const table = await command(['plugin', 'list', '--config-dir', configDir])
    expect(table.stdout).toMatch(
      /dev\.wirebench\.example\.toy\s+toy\s+Toy lab\s+1\.0\.0\s+stdio\s+valid\s+\(workbench not running\)/,
    )
  })

  it('shows the health a running workbench reports, and loads --plugin-dir plugins too', async () => {
    const extra = join(configDir, '..', 'extra')
    const installed = await command([
      'plugin',
      'install',
      pythonExampleDir,
      '--config-dir',
      join(configDir, '..', 'other'),
    ])
    expect(installed.code).toBe(0)
    server = spawnCli([
      '--no-open',
      '--port',
      '0',
      '--config-dir',
      configDir,
      '--ui-dir',
      uiDir,
      '--plugin-dir',
      join(configDir, '..', 'other', 'plugins'),
      '--plugin-dir',
      join(configDir, '..', 'nowhere'),
    ])
    const { base, token } = await waitForUrl(server)
    // A --plugin-dir that is not there is said on the terminal, not silently ignored.
    await expect
      .poll(() => server!.stderr())
      .toMatch(/Warning: --plugin-dir \S*nowhere does not exist or is not a directory; no sidecar was loaded from it\./)
    const headers = { 'x-workbench-token': token!, 'content-type': 'application/json' }
    const plugins = (await (await fetch(`${base}/api/plugins`, { headers })).json()) as PluginsResponse
    // The same protocol id twice: the config dir's is loaded, the --plugin-dir copy is refused by name.
    const toys = plugins.plugins.filter((p) => p.packageId === 'dev.wirebench.example.toy')
    expect(toys.map((p) => p.state)).toEqual(['not_started', 'invalid'])
    expect(toys[1]?.message).toMatch(/protocol id "toy" is taken by the sidecar in/)
    const discovered = (await (
      await fetch(`${base}/api/discover`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ urls: [toy.service.url] }),
      })
    ).json()) as DiscoverResponse
    expect(discovered.services.map((s) => s.protocol)).toEqual(['toy'])

    const result = await command(['plugin', 'list', '--json', '--config-dir', configDir])
    const listed = JSON.parse(result.stdout) as { server: string | null; plugins: PluginInfo[] }
    expect(listed.server).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(listed.plugins[0]).toMatchObject({ id: 'toy', state: 'running', lastPing: { ok: true } })
    const table = await command(['plugin', 'list', '--config-dir', configDir])
    expect(table.stdout).toMatch(/Workbench running at http:\/\/127\.0\.0\.1:\d+/)
    expect(table.stdout).toMatch(/running \(pid \d+, ping [\d.]+ ms\)/)
    expect(existsSync(extra)).toBe(false)
  })

  it('lists what the running workbench loaded from elsewhere, and says where it looked when it found nothing', async () => {
    // The running workbench loaded a copy from its own --plugin-dir: listed beside the config dir's, with its refusal.
    const table = await command(['plugin', 'list', '--config-dir', configDir])
    expect(table.stdout).toMatch(
      /Also loaded by the running workbench \(its own --plugin-dir or the demo's sidecars\):/,
    )
    expect(table.stdout).toContain(join(configDir, '..', 'other', 'plugins'))
    const json = JSON.parse((await command(['plugin', 'list', '--json', '--config-dir', configDir])).stdout) as {
      plugins: PluginInfo[]
    }
    expect(json.plugins.filter((p) => p.packageId === 'dev.wirebench.example.toy')).toHaveLength(2)
    // No workbench for this config dir, nothing installed, a --plugin-dir that does not exist.
    const empty = join(configDir, '..', 'empty-config')
    const nowhere = join(configDir, '..', 'nowhere')
    const none = await command(['plugin', 'list', '--config-dir', empty, '--plugin-dir', nowhere])
    expect(none.code).toBe(0)
    expect(none.stderr).toContain(`Warning: --plugin-dir ${nowhere} does not exist or is not a directory.`)
    expect(none.stdout).toContain(`No sidecar plugins found in ${join(empty, 'plugins')}.`)
  })

  it('removes a plugin by packageId', async () => {
    const result = await command(['plugin', 'remove', 'dev.wirebench.example.toy', '--config-dir', configDir])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Removed dev\.wirebench\.example\.toy/)
    expect(existsSync(join(configDir, 'plugins', 'dev.wirebench.example.toy'))).toBe(false)
    const again = await command(['plugin', 'remove', 'dev.wirebench.example.toy', '--config-dir', configDir])
    // A packageId that is not installed is a usage error, as a path that is not there is for install.
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/No plugin dev\.wirebench\.example\.toy is installed/)
  })
})
