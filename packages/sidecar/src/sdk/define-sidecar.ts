/**
 * `defineSidecar`: runs a sidecar definition over stdio — NDJSON in on stdin, out on stdout (waiting for the pipe to
 * drain, so a fast stream is held back by a slow host instead of filling memory), logs on stderr. The process ends
 * after `shutdown` or when stdin closes (the workbench is gone).
 */
import type { Readable, Writable } from 'node:stream'
import { createLineSplitter } from '../host/line-splitter.js'
import { createSidecarRuntime } from './runtime.js'
import type { SidecarDefinition } from './types.js'

export interface DefineSidecarOptions {
  input?: Readable
  output?: Writable
  errorOutput?: Writable
  /** Longest line accepted from the host. */
  maxLineBytes?: number
  /** Ends the process when the sidecar stops (default true; tests pass false). */
  exitProcess?: boolean
}

export interface RunningSidecar {
  definition: SidecarDefinition
  /** Resolves once the sidecar stopped (shutdown or end of input). */
  done: Promise<void>
}

export function defineSidecar(definition: SidecarDefinition, options: DefineSidecarOptions = {}): RunningSidecar {
  const input = options.input ?? process.stdin
  const output = options.output ?? process.stdout
  const errorOutput = options.errorOutput ?? process.stderr
  let finish: () => void = () => undefined
  const done = new Promise<void>((resolve) => (finish = resolve))
  let isStopping = false

  const write = (message: object): Promise<void> => {
    if (output.writableEnded || output.destroyed) return Promise.resolve()
    const ok = output.write(`${JSON.stringify(message)}\n`)
    return ok ? Promise.resolve() : new Promise<void>((resolve) => output.once('drain', resolve))
  }

  const stop = () => {
    if (isStopping) return
    isStopping = true
    runtime.abortAll()
    void runtime.close().finally(() => {
      input.pause()
      finish()
      if (options.exitProcess !== false) {
        // stdout is flushed before the exit: the shutdown reply must reach the host.
        output.write('', () => process.exit(0))
      }
    })
  }

  const runtime = createSidecarRuntime(definition, {
    write,
    log: (message) => void errorOutput.write(`${message}\n`),
    onShutdown: stop,
  })

  const splitter = createLineSplitter({
    maxLineBytes: options.maxLineBytes ?? 64 * 1024 * 1024,
    onLine(line) {
      let value: unknown
      try {
        value = JSON.parse(line) as unknown
      } catch {
        errorOutput.write(`sidecar: skipped a line that is not JSON\n`)
        return
      }
      runtime.receive(value)
    },
    onOverflow: () => {
      errorOutput.write('sidecar: a line from the host was too long; stopping\n')
      stop()
    },
  })
  input.on('data', (chunk: Buffer) => splitter.push(chunk))
  input.once('end', stop)
  input.once('close', stop)
  return { definition, done }
}
