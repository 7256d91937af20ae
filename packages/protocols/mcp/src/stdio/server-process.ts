/**
 * Starts a configured stdio server: an argv without a shell, in its own process group (so the whole tree can be ended),
 * with a minimal environment (PATH, HOME and the entry's own `env`, never the workbench's other variables), stderr kept
 * in a bounded ring. Ending it sends SIGTERM to the group, then SIGKILL after a grace period.
 */
import { spawn as nodeSpawn } from 'node:child_process'
import type { ChildProcess, SpawnOptions } from 'node:child_process'
import type { McpProcessStatus } from '@wirebench/core'
import type { McpStdioServer } from '../config/types.js'
import { guardProcessGroup, releaseProcessGroup } from './exit-guard.js'
import { StderrRing } from './stderr-ring.js'

/** `child_process.spawn`'s shape, injectable so tests can watch what is (not) started. */
export type SpawnFunction = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess

export interface ServerProcessOptions {
  spawn?: SpawnFunction
  stderrLines: number
  onStderr?: (lines: string[]) => void
}

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  readonly child: ChildProcess
  readonly stderr: StderrRing
  /** Resolves once the process has started (rejects with the spawn error, e.g. ENOENT). */
  readonly spawned: Promise<void>
  readonly exited: Promise<Exit>
  readonly exit: Exit | undefined
  status(): McpProcessStatus
  /** SIGTERM to the process group, SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs: number): Promise<void>
}

/** The environment a server gets: PATH and HOME of the workbench, then the entry's own variables. */
export function serverEnvironment(server: McpStdioServer): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  if (process.env['PATH'] !== undefined) env['PATH'] = process.env['PATH']
  if (process.env['HOME'] !== undefined) env['HOME'] = process.env['HOME']
  return Object.assign(env, server.env)
}

export function startServerProcess(server: McpStdioServer, options: ServerProcessOptions): ServerProcess {
  const spawn = options.spawn ?? nodeSpawn
  const startedAt = new Date().toISOString()
  const child = spawn(server.command, server.args, {
    shell: false,
    // Its own process group: the server's children (npx → node, uv → python) end with it.
    detached: process.platform !== 'win32',
    windowsHide: true,
    env: serverEnvironment(server),
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
  })
  const stderr = new StderrRing({
    maxLines: options.stderrLines,
    maxLineChars: 2000,
    ...(options.onStderr ? { onLines: options.onStderr } : {}),
  })
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => stderr.write(chunk))
  let state: McpProcessStatus['state'] = 'starting'
  let exit: Exit | undefined
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => {
      state = 'running'
      if (child.pid !== undefined && process.platform !== 'win32') guardProcessGroup(child.pid)
      resolve()
    })
    child.once('error', reject)
  })
  // A failed spawn is reported by `spawned`; nobody else has to listen for it.
  spawned.catch(() => undefined)
  const exited = new Promise<Exit>((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exit) return
      exit = { code, signal }
      state = 'exited'
      stderr.end()
      if (child.pid !== undefined) releaseProcessGroup(child.pid)
      resolve(exit)
    }
    child.once('exit', done)
    // A spawn that failed never exits.
    child.once('error', () => done(null, null))
  })

  const signalGroup = (signal: NodeJS.Signals) => {
    if (exit || child.pid === undefined) return
    try {
      if (process.platform === 'win32') child.kill(signal)
      else process.kill(-child.pid, signal)
    } catch {
      child.kill(signal)
    }
  }

  return {
    child,
    stderr,
    spawned,
    exited,
    get exit() {
      return exit
    },
    status() {
      const status: McpProcessStatus = {
        state,
        startedAt,
        stderrTail: stderr.tail(),
        stderrDroppedLines: stderr.droppedLines,
      }
      if (child.pid !== undefined) status.pid = child.pid
      if (exit) {
        status.exitCode = exit.code
        status.signal = exit.signal
      }
      return status
    },
    async stop(graceMs) {
      if (exit) return
      child.stdin?.end()
      signalGroup('SIGTERM')
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs)
      timer.unref()
      await exited
      clearTimeout(timer)
      // The leader is gone; anything left in its group follows it.
      if (child.pid !== undefined && process.platform !== 'win32') {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // Nothing left.
        }
      }
    },
  }
}
