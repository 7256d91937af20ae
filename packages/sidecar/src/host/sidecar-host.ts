/**
 * Process care for one sidecar: started on first use, a `ping` health check while it runs, restarted on the next call
 * after a crash (with a growing back-off and a crash count), refused when it answers `initialize` with another
 * protocol id, and stopped with `shutdown`, a grace period and SIGKILL of its process group.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Logger } from '@wirebench/core'
import { resolveExecutable } from '../manifest/manifest.js'
import type { SidecarManifest } from '../manifest/manifest.js'
import { methods } from '../protocol/methods.js'
import { buildChildEnv, DEFAULT_ENV_PREFIX } from './child-env.js'
import { createHttpTransport } from './http-transport.js'
import { startSession } from './session.js'
import type { Session, SessionEnd, SessionLimits } from './session.js'
import { createStdioTransport } from './stdio-transport.js'
import type { SidecarTransport } from './transport.js'

export type SidecarState = 'not_started' | 'starting' | 'running' | 'crashed' | 'refused' | 'stopped'

export interface SidecarStatus {
  state: SidecarState
  pid?: number
  startedAt?: string
  /** Consecutive crashes (reset once a run lasts `stableMs`). */
  crashCount: number
  exitCode?: number | null
  signal?: string | null
  /** Why the sidecar is not running (crash, refusal, start failure), or a note about it. */
  message?: string
  /** When the next start is allowed after repeated crashes (ISO time). */
  nextStartAt?: string
  lastPing?: { ok: boolean; at: string; ms?: number; error?: string }
  stderrTail: string[]
  capabilities?: { serverStreaming: boolean; channels: boolean }
}

export interface SidecarHostLimits extends SessionLimits {
  /** Time box of each request that has no deadline of its own (the per-request timeout). */
  requestTimeoutMs: number
  maxLineBytes: number
  stderrLines: number
  /** Interval of the `ping` health check while the sidecar runs; 0 turns it off. */
  pingIntervalMs: number
  pingTimeoutMs: number
  /** Failed pings in a row after which the sidecar is stopped (the next call starts it again). */
  maxPingFailures: number
  backoffBaseMs: number
  backoffMaxMs: number
  /** A run this long resets the crash count. */
  stableMs: number
}

export const defaultHostLimits: SidecarHostLimits = {
  initializeTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxPending: 256,
  maxQueuedFrames: 10_000,
  maxQueuedBytes: 16 * 1024 * 1024,
  junkLimit: 10_000,
  junkWindowMs: 10_000,
  maxLineBytes: 8 * 1024 * 1024,
  stderrLines: 200,
  pingIntervalMs: 30_000,
  pingTimeoutMs: 5_000,
  maxPingFailures: 2,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  stableMs: 60_000,
}

export interface SidecarHostOptions {
  dir: string
  manifest: SidecarManifest
  hostVersion: string
  logger: Logger
  /** The workbench's environment, filtered by `envPrefix` (default: `process.env`). */
  env?: Readonly<Record<string, string | undefined>>
  limits?: Partial<SidecarHostLimits>
  /** Called when the name or icon changes (from `initialize`) or the offered call kinds do. */
  onIdentity?(session: Session): void
}

export interface SidecarHost {
  readonly id: string
  readonly manifest: SidecarManifest
  readonly dir: string
  readonly limits: SidecarHostLimits
  /** The running session, started (or restarted) on demand. */
  session(signal?: AbortSignal): Promise<Session>
  status(): SidecarStatus
  /** Pings a running sidecar now (never starts one); the answer lands in `status().lastPing`. */
  probe(timeoutMs?: number): Promise<void>
  /** Stops it (if running) and starts it again now; resets the crash count and back-off. */
  restart(): Promise<SidecarStatus>
  stop(): Promise<void>
}

export function createSidecarHost(options: SidecarHostOptions): SidecarHost {
  const { manifest, dir, logger } = options
  const limits: SidecarHostLimits = { ...defaultHostLimits, ...options.limits }
  const name = manifest.protocol.name
  const graceMs = manifest.shutdownTimeoutMs ?? 3000
  let state: SidecarState = 'not_started'
  let current: Session | undefined
  let starting: Promise<Session> | undefined
  let crashCount = 0
  let nextStartAt = 0
  let lastEnd: SessionEnd | undefined
  let message: string | undefined
  let refusal: WorkbenchError | undefined
  let lastPing: SidecarStatus['lastPing']
  let pingFailures = 0
  let pingTimer: NodeJS.Timeout | undefined
  let lastStderr: string[] = []
  let isDisposed = false

  /** A manifest that cannot be started as written (its program out of its directory, a refused url): no retry helps. */
  const unusable = (error: unknown): WorkbenchError =>
    new WorkbenchError(
      'invalid_document',
      `The ${name} sidecar's manifest is not usable: ${WorkbenchError.from(error).message}`,
      { hint: `Fix sidecar.json in ${dir}, then restart the sidecar.`, details: { refused: true } },
    )

  const createTransport = async (): Promise<SidecarTransport> => {
    if (manifest.transport === 'http') {
      try {
        return createHttpTransport({ url: manifest.url as string, name, maxLineBytes: limits.maxLineBytes })
      } catch (error) {
        throw unusable(error)
      }
    }
    const executable = await resolveExecutable(dir, manifest.executable as string).catch((error: unknown) => {
      throw unusable(error)
    })
    return createStdioTransport({
      executable,
      args: manifest.args ?? [],
      cwd: dir,
      env: buildChildEnv(options.env ?? process.env, manifest.envPrefix ?? DEFAULT_ENV_PREFIX),
      maxLineBytes: limits.maxLineBytes,
      stderrLines: limits.stderrLines,
    })
  }

  const backoffMs = (crashes: number) =>
    crashes <= 1 ? 0 : Math.min(limits.backoffBaseMs * 2 ** (crashes - 2), limits.backoffMaxMs)

  const onEnd = (session: Session, end: SessionEnd) => {
    if (current !== session) return
    current = undefined
    clearInterval(pingTimer)
    lastEnd = end
    lastStderr = session.stderrTail()
    if (end.isRequested) {
      state = 'stopped'
      return
    }
    // A long, healthy run before this crash: the count starts over.
    if (Date.now() - session.startedAt >= limits.stableMs) crashCount = 0
    crashCount++
    nextStartAt = Date.now() + backoffMs(crashCount)
    state = 'crashed'
    message = end.error.message
    logger.warn(`${name} sidecar crashed (${crashCount} in a row): ${end.error.message}`)
  }

  const ping = async (timeoutMs: number): Promise<boolean> => {
    const session = current
    if (!session) return true
    const started = performance.now()
    try {
      await session.request(methods.ping, {}, { timeoutMs })
      lastPing = { ok: true, at: new Date().toISOString(), ms: Math.round((performance.now() - started) * 10) / 10 }
      return true
    } catch (error) {
      lastPing = { ok: false, at: new Date().toISOString(), error: WorkbenchError.from(error).message }
      return false
    }
  }

  const watch = (session: Session) => {
    if (limits.pingIntervalMs <= 0) return
    pingTimer = setInterval(() => {
      void ping(limits.pingTimeoutMs).then((ok) => {
        if (ok) pingFailures = 0
        else if (++pingFailures >= limits.maxPingFailures && current === session) {
          session.kill(
            new WorkbenchError(
              'timeout',
              `The ${name} sidecar did not answer ${pingFailures} health checks (ping) in a row; it was stopped.`,
            ),
          )
        }
      })
    }, limits.pingIntervalMs)
    pingTimer.unref()
  }

  const start = async (): Promise<Session> => {
    state = 'starting'
    message = undefined
    let transport: SidecarTransport | undefined
    let session: Session | undefined
    try {
      transport = await createTransport()
      session = await startSession({
        transport,
        protocolId: manifest.protocol.id,
        name,
        hostVersion: options.hostVersion,
        logger,
        limits,
        onEnd: (end) => {
          if (session) onEnd(session, end)
        },
      })
    } catch (error) {
      const failure = WorkbenchError.from(error)
      lastStderr = transport?.stderrTail() ?? []
      message = failure.message
      if (failure.details?.refused === true) {
        state = 'refused'
        refusal = failure
      } else {
        crashCount++
        nextStartAt = Date.now() + backoffMs(crashCount)
        state = 'crashed'
      }
      throw failure
    }
    if (isDisposed) {
      await session.stop(graceMs)
      throw new WorkbenchError('cancelled', `The ${name} sidecar was stopped while it started.`)
    }
    current = session
    state = 'running'
    pingFailures = 0
    lastPing = undefined
    watch(session)
    options.onIdentity?.(session)
    return session
  }

  const host: SidecarHost = {
    id: manifest.protocol.id,
    manifest,
    dir,
    limits,

    async session(signal) {
      if (current) return current
      if (starting) return starting
      if (isDisposed) throw new WorkbenchError('cancelled', `The ${name} sidecar has been shut down.`)
      if (state === 'refused' && refusal) throw refusal
      if (signal?.aborted) throw WorkbenchError.from(signal.reason)
      const wait = nextStartAt - Date.now()
      if (state === 'crashed' && wait > 0) {
        throw new WorkbenchError(
          'upstream_unreachable',
          `The ${name} sidecar crashed ${crashCount} times in a row; it is started again in ${Math.ceil(wait / 1000)} s.`,
          { hint: `Last failure: ${message ?? 'unknown'}. Restart it from the Plugins panel to try at once.` },
        )
      }
      starting = start()
      try {
        return await starting
      } finally {
        starting = undefined
      }
    },

    status() {
      const status: SidecarStatus = {
        state,
        crashCount,
        stderrTail: current ? current.stderrTail() : lastStderr,
      }
      if (current) {
        if (current.pid !== undefined) status.pid = current.pid
        status.startedAt = new Date(current.startedAt).toISOString()
        status.capabilities = current.capabilities
      }
      if (!current && lastEnd && state === 'crashed') {
        status.exitCode = lastEnd.exit.code
        status.signal = lastEnd.exit.signal
      }
      if (message !== undefined) status.message = message
      if (state === 'crashed' && nextStartAt > Date.now()) status.nextStartAt = new Date(nextStartAt).toISOString()
      if (lastPing) status.lastPing = lastPing
      return status
    },

    async probe(timeoutMs = 1000) {
      await ping(timeoutMs)
    },

    async restart() {
      await host.stop()
      isDisposed = false
      crashCount = 0
      nextStartAt = 0
      refusal = undefined
      await host.session().catch(() => undefined)
      return host.status()
    },

    async stop() {
      isDisposed = true
      clearInterval(pingTimer)
      await starting?.catch(() => undefined)
      const session = current
      if (session) await session.stop(graceMs)
      current = undefined
      if (state !== 'refused') state = 'stopped'
    },
  }
  return host
}
