import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { DiscoverResponse, ProtocolsResponse } from '@wirebench/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'
import {
  cliDirs,
  removeCliDirs,
  repoRoot,
  requireBuiltCli,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../servers/server/cli-process.js'
import type { CliRun } from '../servers/server/cli-process.js'

// Packages only a protocol's calls need: none of them may be imported before a plugin is first used.
const protocolStacks: Record<string, RegExp> = {
  'graphql-js': /\/node_modules\/graphql\//,
  'graphql-ws': /\/node_modules\/graphql-ws\//,
  'protobuf-es': /\/node_modules\/@bufbuild\/protobuf\//,
  connect: /\/node_modules\/@connectrpc\//,
  swagger2openapi: /\/node_modules\/swagger2openapi\//,
  yaml: /\/node_modules\/yaml\//,
  'SigV4 signer': /\/node_modules\/@smithy\//,
  '@microsoft/signalr': /\/node_modules\/@microsoft\/signalr/,
  ws: /\/node_modules\/ws\//,
  undici: /\/node_modules\/undici\//,
  'tough-cookie': /\/node_modules\/tough-cookie\//,
  'a plugin module': /\/packages\/protocols\/[^/]+\/dist\/plugin\.js$/,
  'MCP SDK': /\/node_modules\/@modelcontextprotocol\/sdk\//,
  zod: /\/node_modules\/zod\//,
}

describe('wirebench start-up (the built CLI, every module it imports recorded)', () => {
  let yoga: YogaServer
  let run: CliRun
  let base: string
  let headers: Record<string, string>
  let importLog: string

  const imported = async (): Promise<string[]> => (await readFile(importLog, 'utf8')).split('\n').filter(Boolean)
  const stacksIn = (urls: string[]): string[] =>
    Object.entries(protocolStacks)
      .filter(([, pattern]) => urls.some((url) => pattern.test(url)))
      .map(([name]) => name)

  beforeAll(async () => {
    requireBuiltCli()
    yoga = await startYogaServer()
    const { configDir, uiDir } = await cliDirs()
    importLog = join(configDir, '..', 'imports.log')
    await writeFile(importLog, '')
    const hook = join(repoRoot, 'tests', 'servers', 'server', 'import-log.mjs')
    run = spawnCli(['--no-open', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir], {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${hook}`.trim(),
      WIREBENCH_IMPORT_LOG: importLog,
    })
    const printed = await waitForUrl(run)
    base = printed.base
    headers = { 'x-workbench-token': printed.token!, 'content-type': 'application/json' }
  })

  afterAll(async () => {
    if (run) await stopCli(run)
    await yoga?.close()
    await removeCliDirs()
  })

  it('serves the page and lists every protocol with its call kinds without importing any protocol stack', async () => {
    expect((await fetch(`${base}/`)).status).toBe(200)
    const listed = (await (await fetch(`${base}/api/protocols`, { headers })).json()) as ProtocolsResponse
    expect(listed.protocols.map((p) => [p.id, p.capabilities])).toEqual([
      ['rest', { unary: true, serverStreaming: true, channels: false }],
      ['grpc', { unary: true, serverStreaming: true, channels: true }],
      ['grpcweb', { unary: true, serverStreaming: true, channels: true }],
      ['connect', { unary: true, serverStreaming: true, channels: true }],
      ['graphql', { unary: true, serverStreaming: true, channels: false }],
      ['sse', { unary: true, serverStreaming: true, channels: false }],
      ['websocket', { unary: true, serverStreaming: false, channels: true }],
      ['signalr', { unary: true, serverStreaming: true, channels: true }],
      ['mcp', { unary: true, serverStreaming: true, channels: true }],
      ['http', { unary: true, serverStreaming: false, channels: false }],
    ])
    expect(listed.protocols.find((p) => p.id === 'grpc')?.uploadExtensions).toEqual(['.proto'])
    expect(listed.protocols.find((p) => p.id === 'rest')?.uploadExtensions).toEqual(['.json', '.yaml', '.yml'])

    const urls = await imported()
    // The log really records the server's imports (so an empty list below means something).
    expect(urls.some((url) => url.endsWith('/packages/protocols/graphql/dist/manifest.js'))).toBe(true)
    expect(urls.some((url) => /\/node_modules\/fastify\//.test(url))).toBe(true)
    expect(stacksIn(urls)).toEqual([])
  })

  it('has no schema to serve before the first discovery, and asking does not load the plugin', async () => {
    const query = new URLSearchParams({ protocol: 'graphql', url: yoga.url })
    const res = await fetch(`${base}/api/schema?${query}`, { headers })
    expect(res.status).toBe(404)
    expect(stacksIn(await imported())).toEqual([])
  })

  it("imports a plugin's stack on its first discovery, and only that plugin's", async () => {
    const res = await fetch(`${base}/api/discover`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ urls: [`graphql@${yoga.url}`] }),
    })
    expect(res.status).toBe(200)
    const found = (await res.json()) as DiscoverResponse
    expect(found.attempts.map((a) => [a.pluginId, a.outcome])).toEqual([['graphql', 'ok']])
    expect(found.services.length).toBeGreaterThan(0)

    const urls = await imported()
    expect(urls.some((url) => url.endsWith('/packages/protocols/graphql/dist/plugin.js'))).toBe(true)
    const loaded = stacksIn(urls)
    expect(loaded).toContain('graphql-js')
    expect(loaded).not.toContain('protobuf-es')
    expect(loaded).not.toContain('swagger2openapi')
    expect(
      urls.some((url) => /\/packages\/protocols\/(grpc|rest|sse|websocket|mcp)\/dist\/plugin\.js$/.test(url)),
    ).toBe(false)

    const schema = await fetch(`${base}/api/schema?${new URLSearchParams({ protocol: 'graphql', url: yoga.url })}`, {
      headers,
    })
    expect(schema.status).toBe(200)
    expect(((await schema.json()) as { format: string }).format).toBe('graphql-introspection')
  })
})
