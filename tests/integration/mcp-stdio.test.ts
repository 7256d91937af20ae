/**
 * Stdio MCP servers start from trusted configuration only (SECURITY.md, Process execution). A request that names a
 * command, arguments or environment is refused and a spawn spy proves nothing was started; an unknown name is a 404.
 * A started server gets PATH, HOME and its own `env` only (a canary in the workbench's environment never reaches it),
 * its stderr is kept, its process group ends with the workbench (closed or exited), and a server that crashes, floods
 * stdout, writes a 10 MB line or hangs leaves the workbench running with a clear error.
 */
import { spawn, execFileSync } from 'node:child_process'
import type { ChildProcess, SpawnOptions } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { McpServersResponse } from '@wirebench/core'
import type { ConfiguredMcpServer } from '@wirebench/protocol-mcp/config'
import { isOp } from '../servers/live/live-client.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'
import { repoRoot } from '../servers/server/cli-process.js'

const here = dirname(fileURLToPath(import.meta.url))
const faultyScript = join(here, '..', 'servers', 'mcp', 'faulty-stdio-server.mjs')
const canary = 'wirebench-canary-3f9a'

const stdio = (name: string, extra: Partial<ConfiguredMcpServer> = {}): ConfiguredMcpServer =>
  ({
    name,
    transport: 'stdio',
    command: process.execPath,
    args: [faultyScript],
    env: {},
    source: { kind: 'command-line' },
    ...extra,
  }) as ConfiguredMcpServer

/** Alive and not a zombie (a killed orphan waits for this container's init to reap it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && isRunning(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50))
  return !isRunning(pid)
}

describe('stdio MCP servers', () => {
  let wb: McpWorkbench
  const spawned: string[][] = []
  const spy = (command: string, args: readonly string[], options: SpawnOptions): ChildProcess => {
    spawned.push([command, ...args])
    return spawn(command, [...args], options)
  }

  beforeAll(async () => {
    process.env['WIREBENCH_TEST_CANARY'] = canary
    const configDir = await mkdtemp(join(tmpdir(), 'wb-mcp-stdio-'))
    await writeFile(
      join(configDir, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          secretive: { command: process.execPath, args: [faultyScript], env: { SERVER_TOKEN: 'server-secret-77' } },
          remote: { url: 'http://127.0.0.1:9/mcp', headers: { authorization: 'Bearer header-secret-88' } },
          'bad name!': { command: 'x' },
        },
      }),
      { mode: 0o600 },
    )
    wb = await startMcpWorkbench({
      configDir,
      mcp: {
        servers: [stdio('faulty'), stdio('crasher'), stdio('flooder'), stdio('giant'), stdio('sleeper')],
        spawn: spy,
      },
    })
  })
  afterAll(async () => {
    delete process.env['WIREBENCH_TEST_CANARY']
    await wb?.close()
    await rm(wb?.configDir ?? '', { recursive: true, force: true })
  })

  const tool = (server: string, method: string, timeoutMs?: number) =>
    wb.api('/api/invoke', {
      body: {
        protocol: 'mcp',
        url: `mcp+stdio://${server}`,
        service: 'Tools',
        method,
        messages: [{}],
        ...(timeoutMs ? { timeoutMs } : {}),
      },
    })

  describe('refusals: nothing is spawned', () => {
    it('refuses a command line in a discovery entry', async () => {
      const discovered = await wb.discover([
        `mcp@stdio:${process.execPath} -e "require('fs').writeFileSync('/tmp/pwned','')"`,
      ])
      expect(discovered.attempts).toEqual([
        expect.objectContaining({ pluginId: 'mcp', outcome: 'error', code: 'forbidden' }),
      ])
      expect(discovered.attempts[0]?.hint).toContain('mcp.json')
      expect(spawned).toEqual([])
    })

    it('refuses an mcp+stdio:// address that carries more than a name', async () => {
      for (const url of ['mcp+stdio://faulty?command=rm', 'mcp+stdio://faulty/extra', 'mcp+stdio://user@faulty']) {
        const discovered = await wb.discover([url])
        expect(discovered.attempts[0]).toMatchObject({ outcome: 'error', code: 'forbidden' })
      }
      expect(spawned).toEqual([])
    })

    it('answers an unknown name with a 404 problem and starts nothing', async () => {
      const response = await tool('no-such-server', 'ok')
      expect(response.status).toBe(404)
      const problem = (await response.json()) as { code: string; detail: string; hint: string }
      expect(problem.code).toBe('not_found')
      expect(problem.detail).toContain('nothing was started')
      expect(problem.hint).toContain('faulty')
      const discovered = await wb.discover(['mcp+stdio://no-such-server'])
      expect(discovered.attempts[0]).toMatchObject({ outcome: 'error', code: 'not_found' })
      expect(spawned).toEqual([])
    })

    it('refuses commands in invoke and live requests, whatever field carries them', async () => {
      const invoke = async (body: Record<string, unknown>) =>
        (
          await wb.api('/api/invoke', {
            body: { protocol: 'mcp', service: 'Tools', method: 'ok', messages: [{}], ...body },
          })
        ).status
      expect(await invoke({ url: 'stdio:node -e 1' })).toBe(400)
      expect(await invoke({ url: 'mcp+stdio://faulty', serverUrl: 'mcp@stdio:node -e 1' })).toBe(400)
      expect(await invoke({ url: 'mcp+stdio://faulty?args=-e' })).toBe(403)
      expect(await invoke({ url: 'mcp+stdio://faulty', command: 'node', args: ['-e', '1'], env: { A: '1' } })).toBe(400)
      const live = await wb.connect()
      live.send({
        op: 'channel.open',
        id: 'x',
        protocol: 'mcp',
        url: 'mcp+stdio://faulty?command=sh',
        service: 'Session',
        method: 'events',
      })
      const closed = await live.waitFor(isOp('closed', 'x'))
      expect(closed.problem?.code).toBe('forbidden')
      live.send({
        op: 'channel.open',
        id: 'y',
        protocol: 'mcp',
        url: 'mcp+stdio://faulty',
        service: 'Session',
        method: 'events',
        command: 'sh',
      })
      const refused = await live.waitFor(isOp('error', 'y'))
      expect(refused.problem.detail).toContain('unknown field "command"')
      expect(spawned).toEqual([])
    })
  })

  describe('the configured servers', () => {
    it('lists them for the UI without the values of their environment or headers', async () => {
      const response = await wb.api('/api/mcp/servers')
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).not.toContain('server-secret-77')
      expect(text).not.toContain('header-secret-88')
      const body = JSON.parse(text) as McpServersResponse
      expect(body.servers.find((s) => s.name === 'secretive')).toMatchObject({
        url: 'mcp+stdio://secretive',
        transport: 'stdio',
        command: process.execPath,
        args: [faultyScript],
        envNames: ['SERVER_TOKEN'],
        source: { kind: 'file', path: join(wb.configDir, 'mcp.json') },
      })
      expect(body.servers.find((s) => s.name === 'remote')).toMatchObject({
        transport: 'http',
        headerNames: ['authorization'],
      })
      expect(body.servers.find((s) => s.name === 'faulty')).toMatchObject({ source: { kind: 'command-line' } })
      expect(body.issues).toEqual([expect.objectContaining({ server: 'bad name!' })])
    })

    it('starts a server with PATH, HOME and its own env only: the workbench’s canary is not there', async () => {
      const result = (await (await tool('secretive', 'env')).json()) as {
        response: { structuredContent: { env: Record<string, string> } }
      }
      const env = result.response.structuredContent.env
      expect(JSON.stringify(env)).not.toContain(canary)
      expect(env['SERVER_TOKEN']).toBe('server-secret-77')
      expect(env['PATH']).toBe(process.env['PATH'])
      expect(Object.keys(env).filter((k) => !['PATH', 'HOME', 'SERVER_TOKEN'].includes(k))).toEqual([])
      expect(spawned).toEqual([[process.execPath, faultyScript]])
    })

    it('keeps the process’s stderr and shows its state', async () => {
      await tool('faulty', 'ok')
      const body = (await (await wb.api('/api/mcp/servers')).json()) as McpServersResponse
      const faulty = body.servers.find((s) => s.name === 'faulty')
      expect(faulty?.process).toMatchObject({
        state: 'running',
        pid: expect.any(Number),
        stderrTail: ['faulty server ready'],
      })
    })
  })

  describe('misbehaving servers leave the workbench running with a clear error', () => {
    const stillAnswers = async () => expect((await wb.api('/api/protocols')).status).toBe(200)

    it('a crash mid-call: the exit code and the last stderr lines', async () => {
      const response = await tool('crasher', 'crash')
      expect(response.status).toBe(502)
      const problem = (await response.json()) as { code: string; detail: string }
      expect(problem.code).toBe('upstream_unreachable')
      expect(problem.detail).toContain('exited with code 3')
      expect(problem.detail).toContain('boom: the database is gone')
      await stillAnswers()
      const body = (await (await wb.api('/api/mcp/servers')).json()) as McpServersResponse
      expect(body.servers.find((s) => s.name === 'crasher')?.process).toMatchObject({ state: 'exited', exitCode: 3 })
      // The next call starts it again.
      expect((await tool('crasher', 'ok')).status).toBe(200)
    })

    it('a flood of non-JSON-RPC on stdout ends the session', async () => {
      const response = await tool('flooder', 'flood')
      const problem = (await response.json()) as { code: string; detail: string }
      expect(problem.code).toBe('upstream_invalid')
      expect(problem.detail).toContain('not JSON-RPC')
      await stillAnswers()
    })

    it('a 10 MB line on stdout ends the session', async () => {
      const response = await tool('giant', 'huge')
      expect(response.status).toBe(413)
      const problem = (await response.json()) as { code: string; detail: string }
      expect(problem.detail).toContain('more than 8 MiB')
      await stillAnswers()
    })

    it('a server that never answers: the call times out, the server is cancelled, not killed', async () => {
      const response = await tool('sleeper', 'hang', 400)
      expect(response.status).toBe(504)
      await stillAnswers()
      expect((await tool('sleeper', 'ok')).status).toBe(200)
    })
  })

  describe('the process group ends with the workbench', () => {
    it('on close: the server and the process it started are gone', async () => {
      const local = await startMcpWorkbench({ mcp: { servers: [stdio('family')] } })
      const result = (await (
        await local.api('/api/invoke', {
          body: { protocol: 'mcp', url: 'mcp+stdio://family', service: 'Tools', method: 'grandchild', messages: [{}] },
        })
      ).json()) as { response: { structuredContent: { pid: number; self: number } } }
      const { pid, self } = result.response.structuredContent
      expect(isRunning(pid) && isRunning(self)).toBe(true)
      await local.close()
      expect(await gone(self)).toBe(true)
      expect(await gone(pid)).toBe(true)
    })

    it('on exit without closing: the server and the process it started are gone', async () => {
      const serverDist = join(repoRoot, 'packages', 'server', 'dist', 'index.js')
      if (!existsSync(serverDist))
        throw new Error(`${serverDist} is missing: run npx tsc -b tsconfig.build.json first.`)
      const configDir = await mkdtemp(join(tmpdir(), 'wb-mcp-exit-'))
      try {
        const out = execFileSync(
          process.execPath,
          [join(here, '..', 'servers', 'mcp', 'exiting-workbench.mjs'), configDir, faultyScript],
          {
            cwd: repoRoot,
            encoding: 'utf8',
            timeout: 30_000,
          },
        )
        const { pid, self } = JSON.parse(out.trim()) as { pid: number; self: number }
        expect(await gone(self)).toBe(true)
        expect(await gone(pid)).toBe(true)
      } finally {
        await rm(configDir, { recursive: true, force: true })
      }
    })
  })

  it('refuses a configuration file every user may write', async () => {
    const configDir = await mkdtemp(join(tmpdir(), 'wb-mcp-perm-'))
    try {
      await writeFile(join(configDir, 'mcp.json'), JSON.stringify({ mcpServers: { open: { command: 'sh' } } }))
      await chmod(join(configDir, 'mcp.json'), 0o666)
      const local = await startMcpWorkbench({ configDir })
      try {
        const body = (await (await local.api('/api/mcp/servers')).json()) as McpServersResponse
        expect(body.servers).toEqual([])
        expect(body.issues[0]?.message).toContain('every user may write')
        const discovered = await local.discover(['mcp+stdio://open'])
        expect(discovered.attempts[0]).toMatchObject({ code: 'not_found' })
      } finally {
        await local.close()
      }
    } finally {
      await rm(configDir, { recursive: true, force: true })
    }
  })
})
