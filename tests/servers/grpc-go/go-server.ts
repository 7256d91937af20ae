/** Starts Debian's grpc-go example servers (built by build.sh) on an ephemeral loopback port for integration tests. */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export const goServerDir = join(import.meta.dirname, '.build', 'bin')

/**
 * `reflection`: the features/reflection example (Greeter and Echo, v1alpha reflection only).
 * `route-guide`: the route_guide example (all four call kinds); no reflection unless asked for.
 */
export type GoServerName = 'reflection' | 'route-guide'

const binaries: Record<GoServerName, string> = {
  reflection: join(goServerDir, 'reflection-server'),
  'route-guide': join(goServerDir, 'route-guide-server'),
}

export const hasGoServers = Object.values(binaries).every((path) => existsSync(path))

const buildHint = 'Build them with tests/servers/grpc-go/build.sh (needs Debian golang-go and golang-google-grpc-dev).'

/**
 * grpc-go tests skip on a developer machine without the built servers (with the fix in the message), but fail in CI,
 * where a missing peer must never pass as green.
 */
export function requireGoServers(): boolean {
  if (hasGoServers) return true
  if (process.env.CI) throw new Error(`The grpc-go example servers are missing in CI. ${buildHint}`)
  console.warn(`Skipping grpc-go tests: the example servers are not built. ${buildHint}`)
  return false
}

export interface GoServerOptions {
  /** route-guide only: serve v1alpha server reflection too. */
  reflection?: boolean
}

export interface GoServer {
  /** `http://127.0.0.1:<port>`, the address to hand the gRPC plugin. */
  url: string
  port: number
  close(): Promise<void>
}

export async function startGoServer(name: GoServerName, options: GoServerOptions = {}): Promise<GoServer> {
  const args = ['-port', '0']
  if (options.reflection) {
    if (name !== 'route-guide')
      throw new Error('Only route-guide has a -reflection flag; the reflection server always serves it.')
    args.push('-reflection')
  }
  // No shell and an empty environment: the example servers need neither.
  const child = spawn(binaries[name], args, { shell: false, env: {}, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start within 10 s.\n${output}`)), 10_000)
    const fail = (error: Error) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(error)
    }
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /server listening at 127\.0\.0\.1:(\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', fail)
    child.once('exit', (code, signal) =>
      fail(new Error(`${name} exited (${code ?? signal}) before listening.\n${output}`)),
    )
  })
  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    port,
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
