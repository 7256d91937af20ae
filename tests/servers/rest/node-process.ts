/**
 * Runs a test server script in its own Node process and stops it again. Express 5 servers need this: under Vitest's
 * export conditions (`import` among them) Node's `require('is-promise')` inside Express's router loads that package's
 * ESM entry, and every route fails with "isPromise is not a function". The script prints `listening <origin>`.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface NodeServer {
  origin: string
  output(): string
  close(): Promise<void>
}

export async function startNodeServer(script: URL, timeoutMs = 30_000): Promise<NodeServer> {
  const child = spawn(process.execPath, [fileURLToPath(script)], {
    shell: false,
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' },
  })
  let log = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script.pathname} did not start in ${timeoutMs} ms:\n${log}`)),
      timeoutMs,
    )
    const onData = (chunk: Buffer): void => {
      log += chunk.toString()
      const found = /^listening (\S+)$/m.exec(log)
      if (found?.[1]) {
        clearTimeout(timer)
        resolve(found[1])
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${script.pathname} exited with ${code}:\n${log}`))
    })
  })
  return {
    origin,
    output: () => log,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
