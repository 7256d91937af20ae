/**
 * The stdio transport: spawns the sidecar (argv, no shell, cwd its plugin directory, a minimal environment) in a
 * process group of its own, frames JSON-RPC as NDJSON with a bounded line length, keeps a stderr ring, and kills the
 * whole group when it stops, so no grandchild outlives the workbench's interest in it.
 */
import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { WorkbenchError } from '@wirebench/core'
import { createLineSplitter } from './line-splitter.js'
import { killGroup, trackGroup, untrackGroup } from './process-groups.js'
import { createStderrRing } from './stderr-ring.js'
import type { ExitInfo, SidecarTransport, TransportEvents } from './transport.js'

export interface StdioTransportOptions {
  executable: string
  args: readonly string[]
  cwd: string
  env: Record<string, string>
  maxLineBytes: number
  stderrLines?: number
}

export function createStdioTransport(options: StdioTransportOptions): SidecarTransport {
  const stderr = createStderrRing(options.stderrLines === undefined ? {} : { maxLines: options.stderrLines })
  let child: ChildProcessWithoutNullStreams | undefined
  let exited: Promise<ExitInfo> | undefined
  let exitInfo: ExitInfo | undefined

  const transport: SidecarTransport = {
    kind: 'stdio',
    get pid() {
      return child?.pid
    },

    start(events: TransportEvents) {
      return new Promise<void>((resolve) => {
        const proc = spawn(options.executable, [...options.args], {
          cwd: options.cwd,
          env: options.env,
          shell: false,
          // A process group of its own: the stop kills the group, grandchildren included.
          detached: true,
          stdio: ['pipe', 'pipe', 'pipe'],
          windowsHide: true,
        })
        child = proc
        let isDone = false
        exited = new Promise<ExitInfo>((settle) => {
          const finish = (info: ExitInfo) => {
            if (isDone) return
            isDone = true
            exitInfo = info
            if (proc.pid !== undefined) {
              // The leader is gone; anything it left in its group goes with it.
              killGroup(proc.pid)
              untrackGroup(proc.pid)
            }
            settle(info)
            events.exit(info)
          }
          proc.once('error', (error: NodeJS.ErrnoException) => {
            finish({ code: null, signal: null, reason: `${options.executable} could not be started: ${error.message}` })
          })
          proc.once('exit', (code, signal) => finish({ code, signal }))
        })
        if (proc.pid !== undefined) trackGroup(proc.pid)

        const splitter = createLineSplitter({
          maxLineBytes: options.maxLineBytes,
          onLine(line) {
            let value: unknown
            try {
              value = JSON.parse(line) as unknown
            } catch {
              events.malformed(`not JSON: ${line.slice(0, 200)}`)
              return
            }
            events.message(value)
          },
          onOverflow(bytes) {
            proc.stdout.pause()
            events.fatal(
              new WorkbenchError(
                'upstream_invalid',
                `The sidecar wrote a line of more than ${options.maxLineBytes} bytes (${bytes} so far) on stdout; it was stopped.`,
                { hint: 'A sidecar writes one JSON-RPC message per line; split large payloads or stream them.' },
              ),
            )
          },
        })
        proc.stdout.on('data', (chunk: Buffer) => splitter.push(chunk))
        proc.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
        // A sidecar that exits while we write gives EPIPE: the exit is reported, the write error is not news.
        proc.stdin.on('error', () => undefined)
        proc.stdout.on('error', () => undefined)
        proc.stderr.on('error', () => undefined)
        proc.once('spawn', () => resolve())
        // A spawn failure resolves too: `exit` has been reported and requests fail with its reason.
        proc.once('error', () => resolve())
      })
    },

    send(message) {
      if (!child || exitInfo || child.stdin.destroyed) {
        return Promise.reject(new WorkbenchError('upstream_unreachable', 'The sidecar is not running.'))
      }
      child.stdin.write(`${JSON.stringify(message)}\n`)
      return Promise.resolve()
    },

    pause() {
      child?.stdout.pause()
    },

    resume() {
      child?.stdout.resume()
    },

    async stop(graceMs) {
      const proc = child
      if (!proc || !exited) return
      if (exitInfo) return
      // Closing stdin is the other way a sidecar learns to go: the SDK and the examples exit on EOF.
      proc.stdin.end()
      let timer: NodeJS.Timeout | undefined
      const graceOver = new Promise<'grace'>((resolve) => (timer = setTimeout(() => resolve('grace'), graceMs)))
      const outcome = await Promise.race([exited, graceOver])
      clearTimeout(timer)
      if (outcome === 'grace' && proc.pid !== undefined) killGroup(proc.pid)
      await exited
    },

    stderrTail: () => stderr.lines(),
  }
  return transport
}
