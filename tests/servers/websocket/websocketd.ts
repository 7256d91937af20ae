/**
 * Debian's `websocketd` serving `/bin/cat` on a free loopback port: a WebSocket server no one here wrote, which
 * answers each text line with the same line.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

export const websocketdPath = '/usr/bin/websocketd'

/** Skips on a developer machine without websocketd (saying how to get it); fails in CI, where it must be present. */
export function requireWebsocketd(): boolean {
  if (existsSync(websocketdPath)) return true
  const hint = 'Install it with `apt-get install websocketd`.'
  if (process.env.CI) throw new Error(`websocketd is missing in CI. ${hint}`)
  console.warn(`Skipping websocketd tests: ${websocketdPath} is not installed. ${hint}`)
  return false
}

export interface Websocketd {
  url: string
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export async function startWebsocketd(): Promise<Websocketd> {
  const port = await freePort()
  // No shell, a minimal environment: websocketd passes its environment on to the program it runs.
  const child = spawn(websocketdPath, ['--address=127.0.0.1', `--port=${port}`, '/bin/cat'], {
    shell: false,
    env: { PATH: '/usr/bin:/bin' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`websocketd exited (${child.exitCode}) before listening.\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`websocketd did not listen on ${port} within 10 s.\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  let closing: Promise<void> | undefined
  return {
    url: `ws://127.0.0.1:${port}/`,
    close: () =>
      (closing ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 2_000)
        await exited
        clearTimeout(timer)
      })()),
  }
}
