/**
 * Runs the MCP reference server (`@modelcontextprotocol/server-everything`) as a child process, with its SSE transport
 * (a real SSE source no one here wrote) or its Streamable HTTP one. It binds every interface on the port it is given,
 * so a free port is picked on loopback first and tests use 127.0.0.1 URLs only.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface McpEverything {
  /** `http://127.0.0.1:<port>/sse`: the event stream whose first event (`endpoint`) names the POST address. */
  sseUrl: string
  /** `http://127.0.0.1:<port>/mcp`: the Streamable HTTP endpoint (with `transport: 'streamableHttp'`). */
  mcpUrl: string
  origin: string
  close(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export function entryPoint(): string {
  const require = createRequire(import.meta.url)
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json')
  return join(dirname(manifest), 'dist', 'index.js')
}

export interface McpEverythingOptions {
  /** Which transport the server runs (default `sse`). */
  transport?: 'sse' | 'streamableHttp'
  /** Extra environment variables for the server (besides PATH, HOME and PORT). */
  env?: Record<string, string>
  /** The script to run instead of server-everything (tests of this fixture). */
  entryPoint?: string
  /** How long to wait for "Server is running" (default 20 s). */
  startTimeoutMs?: number
  /** How long close() waits after SIGTERM before SIGKILL (default 5 s). */
  closeGraceMs?: number
}

/** Ends the child: SIGTERM, then SIGKILL when it is still running after `graceMs`; resolves once it has exited. */
function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export async function startMcpEverything(options: McpEverythingOptions = {}): Promise<McpEverything> {
  const port = await freePort()
  const transport = options.transport ?? 'sse'
  // The SSE transport says "Server is running"; the Streamable HTTP one "… listening on port".
  const ready = transport === 'sse' ? 'Server is running' : 'listening on port'
  const child: ChildProcess = spawn(process.execPath, [options.entryPoint ?? entryPoint(), transport], {
    shell: false,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORT: String(port), ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server-everything did not start: ${stderr}`)),
        options.startTimeoutMs ?? 20_000,
      )
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-4096)
        if (stderr.includes(ready)) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`server-everything exited with ${code}: ${stderr}`))
      })
    })
  } catch (error) {
    // A child that did not come up must not outlive the test run.
    await stopChild(child, 0)
    throw error
  }
  const origin = `http://127.0.0.1:${port}`
  return {
    sseUrl: `${origin}/sse`,
    mcpUrl: `${origin}/mcp`,
    origin,
    close: () => stopChild(child, options.closeGraceMs ?? 5_000),
  }
}
