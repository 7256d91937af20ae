/** Runs the buf executable once: no shell, a minimal environment, a time limit and bounded output. */
import { spawn } from 'node:child_process'
import { WorkbenchError } from '@wirebench/core'

export interface RunBufOptions {
  executable: string
  args: readonly string[]
  cwd: string
  /** A private directory for buf's cache and config, so nothing of the user's home is read or written. */
  homeDir: string
  signal?: AbortSignal
  timeoutMs: number
  maxStdoutBytes: number
  maxStderrChars: number
}

export interface BufRun {
  exitCode: number
  stdout: Uint8Array
  stderr: string
  stderrTruncated: boolean
}

export function runBuf(options: RunBufOptions): Promise<BufRun> {
  const { signal } = options
  if (signal?.aborted) return Promise.reject(cancelled(signal))
  return new Promise<BufRun>((resolve, reject) => {
    const child = spawn(options.executable, [...options.args], {
      cwd: options.cwd,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      // Only what buf needs: never the server's environment, which may hold tokens (BUF_TOKEN among them).
      env: {
        HOME: options.homeDir,
        BUF_CACHE_DIR: `${options.homeDir}/cache`,
        XDG_CACHE_HOME: `${options.homeDir}/cache`,
        XDG_CONFIG_HOME: `${options.homeDir}/config`,
        TMPDIR: options.homeDir,
        BUF_LOG_FORMAT: 'text',
      },
    })
    const stdout: Buffer[] = []
    let stdoutBytes = 0
    let stderr = ''
    let stderrTruncated = false
    let failure: WorkbenchError | undefined

    const stop = (error: WorkbenchError) => {
      failure ??= error
      child.kill('SIGKILL')
    }
    const onAbort = () => stop(signal ? cancelled(signal) : new WorkbenchError('cancelled', 'Compilation cancelled.'))
    const timer = setTimeout(
      () =>
        stop(
          new WorkbenchError('timeout', `Compiling the .proto files took longer than ${options.timeoutMs} ms.`, {
            hint: 'Upload fewer or smaller files at a time.',
          }),
        ),
      options.timeoutMs,
    )
    signal?.addEventListener('abort', onAbort, { once: true })

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength
      if (stdoutBytes > options.maxStdoutBytes) {
        stop(
          new WorkbenchError('payload_too_large', `The compiled descriptors exceed ${options.maxStdoutBytes} bytes.`, {
            hint: 'Upload fewer files at a time.',
          }),
        )
        return
      }
      stdout.push(chunk)
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      const room = options.maxStderrChars - stderr.length
      if (room <= 0) {
        stderrTruncated = true
        return
      }
      if (chunk.length > room) stderrTruncated = true
      stderr += chunk.slice(0, room)
    })

    const finish = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    child.once('error', (cause) => {
      finish()
      reject(
        new WorkbenchError('internal', 'The protobuf compiler (buf) could not be started.', {
          cause,
          hint: 'Reinstall dependencies with npm install: @bufbuild/buf ships the compiler.',
        }),
      )
    })
    child.once('close', (code, killedBy) => {
      finish()
      if (failure) return reject(failure)
      if (code === null) {
        return reject(
          new WorkbenchError('internal', `The protobuf compiler (buf) was stopped by ${killedBy ?? 'a signal'}.`),
        )
      }
      resolve({ exitCode: code, stdout: Buffer.concat(stdout), stderr, stderrTruncated })
    })
  })
}

function cancelled(signal: AbortSignal): WorkbenchError {
  // The server's deadline aborts with a `timeout` WorkbenchError; keep it rather than calling it a cancellation.
  const reason: unknown = signal.reason
  if (reason instanceof WorkbenchError) return reason
  return new WorkbenchError('cancelled', 'Compilation cancelled.', { cause: reason })
}
