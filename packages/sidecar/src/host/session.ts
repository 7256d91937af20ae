/**
 * One run of a sidecar: its transport, the JSON-RPC connection over it, the `initialize` handshake and the streams and
 * channels open on it. A session ends once (the process exited, the endpoint went away, or it was stopped) and is
 * never reused: the host starts a new one.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Logger } from '@wirebench/core'
import { SIDECAR_PROTOCOL_VERSION, methods, notifications } from '../protocol/methods.js'
import type { InitializeResult, RequestType, SidecarCapabilities } from '../protocol/methods.js'
import { createFlows, goneError } from './flow.js'
import type { Flows } from './flow.js'
import { createJunkMeter } from './junk-meter.js'
import { createRpcConnection } from './rpc-connection.js'
import type { RequestOptions, RpcConnection } from './rpc-connection.js'
import type { ExitInfo, SidecarTransport } from './transport.js'

export interface SessionLimits {
  initializeTimeoutMs: number
  maxPending: number
  maxQueuedFrames: number
  maxQueuedBytes: number
  junkLimit: number
  junkWindowMs: number
}

export interface SessionOptions {
  transport: SidecarTransport
  /** The manifest's protocol id: `initialize` must answer it. */
  protocolId: string
  name: string
  hostVersion: string
  logger: Logger
  limits: SessionLimits
  /** Called once when the session ends, with why. */
  onEnd(end: SessionEnd): void
}

export interface SessionEnd {
  exit: ExitInfo
  /** The error in-flight calls failed with. */
  error: WorkbenchError
  /** The host stopped the sidecar on purpose (shutdown, restart, refusal): not a crash. */
  isRequested: boolean
}

export interface Session {
  readonly connection: RpcConnection
  readonly streams: Flows
  readonly channels: Flows
  readonly identity: InitializeResult
  readonly capabilities: Required<SidecarCapabilities>
  readonly startedAt: number
  readonly pid: number | undefined
  request<P, R>(type: RequestType<P, R>, params: P, options: RequestOptions): Promise<R>
  /** Stops the sidecar: `shutdown` (stdio), `graceMs` to exit, then SIGKILL of its process group. */
  stop(graceMs: number): Promise<void>
  /** Stops it at once because it broke a rule; in-flight calls fail with `error`. */
  kill(error: WorkbenchError): void
  stderrTail(): string[]
  readonly ended: Promise<SessionEnd>
}

function describeExit(info: ExitInfo): string {
  if (info.reason) return info.reason
  if (info.signal) return `it was killed by ${info.signal}`
  return `it exited with code ${info.code ?? 'unknown'}`
}

function readCapabilities(value: unknown): Required<SidecarCapabilities> {
  const caps = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  return {
    serverStreaming: caps.serverStreaming === true || caps.invokeStream === true,
    channels:
      caps.channels === true || caps.duplex === true || caps.clientStreaming === true || caps.openChannel === true,
  }
}

/** Starts the transport and runs `initialize`; rejects (with the sidecar stopped) when either fails. */
export async function startSession(options: SessionOptions): Promise<Session> {
  const { transport, name, logger, limits } = options
  let requestedStop = false
  let fatal: WorkbenchError | undefined
  let settleEnded: (end: SessionEnd) => void = () => undefined
  const ended = new Promise<SessionEnd>((resolve) => (settleEnded = resolve))

  const kill = (error: WorkbenchError) => {
    if (fatal) return
    fatal = error
    logger.warn(`${name} sidecar stopped: ${error.message}`)
    void transport.stop(0)
  }

  const junk = createJunkMeter({
    logger,
    name,
    limit: limits.junkLimit,
    windowMs: limits.junkWindowMs,
    onFlood: (count) =>
      kill(
        new WorkbenchError(
          'upstream_invalid',
          `The ${name} sidecar flooded stdout with ${count} messages the workbench could not use within ${limits.junkWindowMs} ms; it was stopped.`,
          {
            hint: 'Check the sidecar: it writes malformed lines, replies to no request, or notifies streams that are not open.',
          },
        ),
      ),
  })
  const connection = createRpcConnection({
    transport,
    logger,
    name,
    maxPending: limits.maxPending,
    onJunk: (description) => junk.record(description),
  })
  const flowOptions = { maxQueuedFrames: limits.maxQueuedFrames, maxQueuedBytes: limits.maxQueuedBytes, name }
  const streams = createFlows({
    ...flowOptions,
    kind: 'stream',
    cancel: (streamId) => connection.notify(notifications.streamCancel, { streamId }),
  })
  const channels = createFlows({
    ...flowOptions,
    kind: 'channel',
    cancel: (channelId) =>
      void connection
        .request(methods.channelClose, { channelId, cancel: true }, { timeoutMs: 2_000 })
        .catch(() => undefined),
  })
  connection.onNotification(notifications.streamData, (p) => {
    if (!streams.data(String(p?.streamId), p?.message, p?.meta))
      junk.record(`data for stream ${String(p?.streamId)}, which is not open`)
  })
  connection.onNotification(notifications.streamEnd, (p) => {
    if (!streams.end(String(p?.streamId), p ?? {}))
      junk.record(`the end of stream ${String(p?.streamId)}, which is not open`)
  })
  connection.onNotification(notifications.channelData, (p) => {
    if (!channels.data(String(p?.channelId), p?.message, p?.meta))
      junk.record(`data for channel ${String(p?.channelId)}, which is not open`)
  })
  connection.onNotification(notifications.channelClosed, (p) => {
    if (!channels.end(String(p?.channelId), p ?? {}))
      junk.record(`the close of channel ${String(p?.channelId)}, which is not open`)
  })

  await transport.start({
    message: (value) => connection.receive(value),
    malformed: (detail) => junk.record(`a malformed line (${detail})`),
    fatal: kill,
    exit(info) {
      const error = fatal ?? goneError(name, `${describeExit(info)}.`)
      connection.close(error)
      streams.failAll(error)
      channels.failAll(error)
      const end: SessionEnd = { exit: info, error, isRequested: requestedStop }
      settleEnded(end)
      options.onEnd(end)
    },
  })

  // A sidecar that dies before answering fails the start with its exit, not with a timeout.
  const died = ended.then((end) => Promise.reject(end.error))
  died.catch(() => undefined)
  let identity: InitializeResult
  try {
    const reply = await Promise.race([
      connection.request(
        methods.initialize,
        {
          hostVersion: options.hostVersion,
          protocolVersion: SIDECAR_PROTOCOL_VERSION,
          expectedProtocolId: options.protocolId,
        },
        { timeoutMs: limits.initializeTimeoutMs },
      ),
      died,
    ])
    identity = readIdentity(reply, name)
  } catch (error) {
    requestedStop = true
    await transport.stop(0)
    throw withStderr(WorkbenchError.from(error, 'upstream_error'), transport.stderrTail())
  }
  if (identity.id !== options.protocolId) {
    requestedStop = true
    await transport.stop(0)
    throw new WorkbenchError(
      'upstream_invalid',
      `The sidecar answered initialize as protocol "${identity.id.slice(0, 100)}", but its manifest declares "${options.protocolId}"; it was refused.`,
      {
        hint: 'The id in sidecar.json (protocol.id) and the one the sidecar returns from initialize must be equal.',
        details: { refused: true },
      },
    )
  }

  const startedAt = Date.now()
  return {
    connection,
    streams,
    channels,
    identity,
    capabilities: readCapabilities(identity.capabilities),
    startedAt,
    get pid() {
      return transport.pid
    },
    request: (type, params, opts) => connection.request(type, params, opts),
    async stop(graceMs) {
      requestedStop = true
      if (transport.kind === 'stdio') {
        // The reply does not matter: the grace period starts now either way.
        connection.request(methods.shutdown, {}, { timeoutMs: Math.max(graceMs, 1) }).catch(() => undefined)
      }
      await transport.stop(graceMs)
      await ended
    },
    kill,
    stderrTail: () => transport.stderrTail(),
    ended,
  }
}

function readIdentity(reply: unknown, name: string): InitializeResult {
  const value = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>
  if (typeof value.id !== 'string' || value.id === '') {
    throw new WorkbenchError('upstream_invalid', `The ${name} sidecar answered initialize without a protocol id.`)
  }
  const identity: InitializeResult = { id: value.id }
  if (typeof value.name === 'string' && value.name.trim() !== '') identity.name = value.name.slice(0, 100)
  if (typeof value.iconSvg === 'string' && value.iconSvg.trim() !== '')
    identity.iconSvg = value.iconSvg.slice(0, 64 * 1024)
  if (typeof value.protocolVersion === 'number') identity.protocolVersion = value.protocolVersion
  if (value.capabilities !== undefined) identity.capabilities = value.capabilities as SidecarCapabilities
  return identity
}

/** Adds the sidecar's last stderr lines to a start failure: they usually say why. */
function withStderr(error: WorkbenchError, tail: string[]): WorkbenchError {
  const last = tail.filter((line) => line.trim() !== '').slice(-5)
  if (last.length === 0) return error
  return new WorkbenchError(error.code, error.message, {
    cause: error,
    details: { ...error.details, stderr: last },
    hint: error.hint ?? `Its last stderr lines: ${last.join(' | ').slice(0, 600)}`,
  })
}
