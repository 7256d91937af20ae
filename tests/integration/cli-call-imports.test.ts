/**
 * What a cold `wirebench call` imports before its first byte (the built CLI, every module it imports recorded): a
 * pinned gRPC call loads the gRPC stack and nothing another protocol, the server's HTTP stack or the cookie jars need.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGrpcDemo } from '@wirebench/demo'
import type { DemoServiceHandle } from '@wirebench/demo'
import { cliDirs, removeCliDirs, repoRoot, requireBuiltCli, spawnCli } from '../servers/server/cli-process.js'

// Packages a gRPC call does not need: undici and the cookie stack serve HTTP/1 plugins, Fastify the server.
const notNeeded: Record<string, RegExp> = {
  undici: /\/node_modules\/undici\//,
  'tough-cookie': /\/node_modules\/tough-cookie\//,
  'http-cookie-agent': /\/node_modules\/http-cookie-agent\//,
  fastify: /\/node_modules\/fastify\//,
  ajv: /\/node_modules\/ajv\//,
  'graphql-js': /\/node_modules\/graphql\//,
  '@microsoft/signalr': /\/node_modules\/@microsoft\/signalr/,
  ws: /\/node_modules\/ws\//,
  'MCP SDK': /\/node_modules\/@modelcontextprotocol\/sdk\//,
  '@wirebench/auth': /\/packages\/auth\/dist\//,
  // Manifests name every plugin; the MCP package's small config reader parses `--url mcp@stdio:…` flags.
  'another plugin': /\/packages\/protocols\/(?!grpc\/)[^/]+\/dist\/(?!manifest\.js$|config\/)/,
}

describe('wirebench call: what a cold call imports', () => {
  let grpc: DemoServiceHandle
  beforeAll(async () => {
    requireBuiltCli()
    grpc = await startGrpcDemo({ host: '127.0.0.1' })
  })
  afterAll(async () => {
    await grpc?.close()
    await removeCliDirs()
  })

  it('a pinned gRPC call imports the gRPC stack only', async () => {
    const { configDir } = await cliDirs()
    const importLog = join(configDir, '..', 'imports.log')
    await writeFile(importLog, '')
    const hook = join(repoRoot, 'tests', 'servers', 'server', 'import-log.mjs')
    const run = spawnCli(
      [
        'call',
        '--url',
        `grpc@${grpc.service.url}`,
        'Telemetry/GetStation',
        '-d',
        '{"stationId": "st-harbor"}',
        '--config-dir',
        configDir,
      ],
      {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${hook}`.trim(),
        WIREBENCH_IMPORT_LOG: importLog,
      },
    )
    expect((await run.exited).code, run.stderr()).toBe(0)
    expect(JSON.parse(run.stdout())).toMatchObject({ id: 'st-harbor' })
    const urls = (await readFile(importLog, 'utf8')).split('\n').filter(Boolean)
    // The log really records the call's imports.
    expect(urls.some((url) => /\/node_modules\/@connectrpc\/connect-node\//.test(url))).toBe(true)
    const loaded = Object.entries(notNeeded)
      .filter(([, pattern]) => urls.some((url) => pattern.test(url)))
      .map(([name]) => name)
    expect(loaded).toEqual([])
  })
})
