/**
 * Runs the MCP reference server (`@modelcontextprotocol/server-everything`) with its SSE transport as a child process:
 * a real SSE source no one here wrote. It binds every interface on the port it is given, so a free port is picked on
 * loopback first and tests use 127.0.0.1 URLs only.
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

function entryPoint(): string {
  const require = createRequire(import.meta.url)
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json')
  return join(dirname(manifest), 'dist', 'index.js')
}

export async function startMcpEverything(): Promise<McpEverything> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [entryPoint(), 'sse'], {
    shell: false,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${stderr}`)), 20_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096)
      if (stderr.includes('Server is running')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server-everything exited with ${code}: ${stderr}`))
    })
  })
  const origin = `http://127.0.0.1:${port}`
  return {
    sseUrl: `${origin}/sse`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
