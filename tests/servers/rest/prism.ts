/** Spawns Prism 5.14.2 (`prism mock`) on a free loopback port and stops it again; Prism is a third-party peer. */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

const prismBin = fileURLToPath(new URL('../../../node_modules/.bin/prism', import.meta.url))

export interface PrismServer {
  origin: string
  output(): string
  close(): Promise<void>
}

/** Prism cannot listen on port 0, so a port is reserved and released just before it starts. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export async function startPrism(specPath: string, timeoutMs = 30_000): Promise<PrismServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(prismBin, ['mock', '-h', '127.0.0.1', '-p', String(port), specPath], {
    shell: false,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' },
  })
  let log = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within ${timeoutMs} ms:\n${log}`)), timeoutMs)
    const onData = (chunk: Buffer): void => {
      log += chunk.toString()
      if (log.includes('Prism is listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Prism exited with ${code}:\n${log}`))
    })
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    output: () => log,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
