/**
 * A sidecar as a `ProtocolPlugin`: each call is a JSON-RPC request to the sidecar process (started on first use), so
 * the server, the UI and the contract suite cannot tell it from an in-process plugin. Light to import: the host
 * (process care, JSON-RPC, HTTP client) is loaded the first time the sidecar is used.
 */
import { randomUUID } from 'node:crypto'
import {
  API_KEY_QUERY_MARKER,
  COOKIE_ENV_MARKER,
  MTLS_MARKER,
  SIGV4_MARKER,
  TRUST_MARKER,
  WorkbenchError,
  exportAsWirebenchCall,
} from '@wirebench/core'
import type { Call, CallContext, Channel, Logger, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import type { SidecarHost, SidecarHostLimits, SidecarStatus } from '../host/sidecar-host.js'
import type { Session } from '../host/session.js'
import type { SidecarManifest } from '../manifest/manifest.js'
import { methods, notifications } from '../protocol/methods.js'
import type { CallParams } from '../protocol/methods.js'
import { readInvokeResult, readServices } from './normalize.js'
import { createSecretRedactor } from './secret-redactor.js'

export interface SidecarPluginOptions {
  dir: string
  manifest: SidecarManifest
  /** The workbench version, sent in `initialize`. */
  hostVersion: string
  logger: Logger
  env?: Readonly<Record<string, string | undefined>>
  limits?: Partial<SidecarHostLimits>
}

/** What the plugin list and the restart route need from a sidecar. */
export interface SidecarControl {
  readonly dir: string
  readonly manifest: SidecarManifest
  status(): SidecarStatus
  /** Pings the sidecar if it runs (never starts it). */
  probe(timeoutMs?: number): Promise<void>
  restart(): Promise<SidecarStatus>
}

export interface SidecarPlugin extends ProtocolPlugin {
  readonly sidecar: SidecarControl
}

/** The markers travel to the sidecar in their metadata keys, as the contract has it: it applies and strips them. */
function wireMetadata(ctx: CallContext): Record<string, string> {
  const metadata: Record<string, string> = { ...ctx.metadata }
  const { markers } = ctx
  if (markers.mtls) metadata[MTLS_MARKER] = JSON.stringify(markers.mtls)
  if (markers.trust) metadata[TRUST_MARKER] = JSON.stringify(markers.trust)
  if (markers.sigv4) metadata[SIGV4_MARKER] = JSON.stringify(markers.sigv4)
  if (markers.cookieEnv !== undefined) metadata[COOKIE_ENV_MARKER] = markers.cookieEnv
  if (markers.apiKeyQuery) metadata[API_KEY_QUERY_MARKER] = JSON.stringify(markers.apiKeyQuery)
  return metadata
}

/** The schemes (with the colon) whose addresses a sidecar claims: its manifest's `schemes`, else its protocol id. */
export function claimedSchemes(manifest: SidecarManifest): string[] {
  return (manifest.schemes ?? [manifest.protocol.id]).map((scheme) => `${scheme.toLowerCase()}:`)
}

const schemeOf = /^([a-z][a-z0-9+.-]*:)\/\//i

export function createSidecarPlugin(options: SidecarPluginOptions): SidecarPlugin {
  const { manifest } = options
  let host: SidecarHost | undefined
  let loading: Promise<SidecarHost> | undefined
  const redactor = createSecretRedactor()
  const schemes = claimedSchemes(manifest)

  /** Everything that goes to the sidecar with a call is remembered, to be kept out of its stderr tail. */
  const sentMetadata = (ctx: CallContext): Record<string, string> => {
    const metadata = wireMetadata(ctx)
    redactor.remember(metadata)
    return metadata
  }

  const callParams = (call: Call, ctx: CallContext): CallParams => ({
    serverUrl: call.serverUrl ?? call.target,
    service: call.service,
    method: call.method,
    jsonMessages: call.messages.map((m) => JSON.stringify(m ?? {})),
    showInternalServices: false,
    metadata: sentMetadata(ctx),
  })

  /**
   * Discovery fans every address out to every plugin: the credentials go only where the user sends them, to a sidecar
   * for an address of its own scheme or pinned to it, never with an http(s) address a built-in reads.
   */
  const discoverMetadata = (url: string, isPinned: boolean, ctx: CallContext): Record<string, string> => {
    const scheme = schemeOf.exec(url)?.[1]?.toLowerCase()
    return isPinned || (scheme !== undefined && schemes.includes(scheme)) ? sentMetadata(ctx) : {}
  }

  const loadHost = (): Promise<SidecarHost> =>
    (loading ??= import('../host/sidecar-host.js').then(({ createSidecarHost }) => {
      host = createSidecarHost({
        dir: options.dir,
        manifest,
        hostVersion: options.hostVersion,
        logger: options.logger,
        ...(options.env ? { env: options.env } : {}),
        ...(options.limits ? { limits: options.limits } : {}),
        onIdentity: adopt,
      })
      return host
    }))

  const session = async (ctx: CallContext): Promise<Session> => (await loadHost()).session(ctx.signal)

  /** Time box of a request: the call's own deadline, else the host's per-request timeout. */
  const timeoutOf = (ctx: CallContext): number =>
    ctx.deadline === undefined ? (host?.limits.requestTimeoutMs ?? 30_000) : Math.max(1, ctx.deadline - Date.now())

  const invokeStream = (call: Call, ctx: CallContext): AsyncIterable<StreamFrame> =>
    (async function* () {
      const running = await session(ctx)
      if (ctx.signal.aborted) throw WorkbenchError.from(ctx.signal.reason)
      const streamId = randomUUID()
      // Subscribed before the request goes out: no notification can arrive for a stream the host does not know.
      const flow = running.streams.open(streamId)
      let isEnded = false
      const started = running.request(
        methods.invokeStream,
        { ...callParams(call, ctx), streamId },
        // The acknowledgement is time-boxed like any request; the messages that follow are not.
        { signal: ctx.signal, timeoutMs: timeoutOf(ctx) },
      )
      started.catch((error: unknown) => flow.queue.finish({ error: WorkbenchError.from(error) }))
      const onAbort = () => flow.queue.finish({ error: WorkbenchError.from(ctx.signal.reason) })
      ctx.signal.addEventListener('abort', onAbort, { once: true })
      try {
        for (;;) {
          const next = await flow.queue.next()
          if (next.done) break
          yield next.value
          if (next.value.type === 'end') {
            isEnded = true
            break
          }
        }
      } finally {
        ctx.signal.removeEventListener('abort', onAbort)
        if (!isEnded) running.connection.notify(notifications.streamCancel, { streamId })
        flow.close()
      }
    })()

  const openChannel = async (call: Call, ctx: CallContext): Promise<Channel> => {
    const running = await session(ctx)
    const channelId = randomUUID()
    const flow = running.channels.open(channelId)
    try {
      await running.request(
        methods.openChannel,
        { ...callParams(call, ctx), channelId },
        {
          signal: ctx.signal,
          timeoutMs: timeoutOf(ctx),
        },
      )
    } catch (error) {
      flow.close()
      throw WorkbenchError.from(error)
    }
    let isSendClosed = false
    let isDisposed = false
    const request = { signal: ctx.signal, timeoutMs: host?.limits.requestTimeoutMs ?? 30_000 }
    return {
      id: channelId,
      clientStreaming: true,
      serverStreaming: true,
      async send(message) {
        if (isSendClosed || isDisposed || flow.queue.isFinished) return false
        const accepted = await running.request(
          methods.channelSend,
          { channelId, jsonMessage: JSON.stringify(message ?? {}) },
          request,
        )
        return accepted !== false
      },
      async closeSend() {
        if (isSendClosed || isDisposed) return
        isSendClosed = true
        await running.request(methods.channelClose, { channelId }, request)
      },
      frames: () => ({
        [Symbol.asyncIterator]: () => ({
          next: () => flow.queue.next(),
          return: () => {
            flow.close()
            return Promise.resolve({ done: true as const, value: undefined })
          },
        }),
      }),
      async dispose() {
        if (isDisposed) return
        isDisposed = true
        const wasOpen = !flow.queue.isFinished
        flow.close()
        if (wasOpen) {
          await running
            .request(methods.channelClose, { channelId, cancel: true }, { timeoutMs: 2_000 })
            .catch(() => undefined)
        }
      },
    }
  }

  /** The call kinds `initialize` declared decide what the plugin offers; the name and icon it gave win. */
  function adopt(running: Session): void {
    plugin.name = running.identity.name ?? manifest.protocol.name
    const icon = running.identity.iconSvg ?? manifest.protocol.iconSvg
    if (icon === undefined) delete plugin.iconSvg
    else plugin.iconSvg = icon
    if (running.capabilities.serverStreaming) plugin.invokeStream = invokeStream
    else delete plugin.invokeStream
    if (running.capabilities.channels) plugin.openChannel = openChannel
    else delete plugin.openChannel
  }

  const plugin: SidecarPlugin = {
    id: manifest.protocol.id,
    name: manifest.protocol.name,
    description: `Sidecar plugin ${manifest.packageId}${manifest.version ? ` ${manifest.version}` : ''} (${manifest.transport ?? 'stdio'}).`,
    anyScheme: true,
    // A sidecar's calls are JSON-RPC to its process: the one snippet that sends them is `wirebench call`.
    exportFormats: ['wirebench'],
    exportCall: (call, ctx, options) => exportAsWirebenchCall(manifest.protocol.id, call, ctx, options),
    ...(manifest.protocol.iconSvg === undefined ? {} : { iconSvg: manifest.protocol.iconSvg }),

    async discover(target, ctx) {
      if (target.kind !== 'url') return []
      const running = await session(ctx)
      const reply = await running.request(
        methods.discover,
        {
          serverUrl: target.url,
          showInternalServices: false,
          metadata: discoverMetadata(target.url, target.pinned === true, ctx),
        },
        { signal: ctx.signal, timeoutMs: timeoutOf(ctx) },
      )
      return readServices(reply, plugin.id, plugin.name)
    },

    async invoke(call, ctx) {
      const running = await session(ctx)
      const started = performance.now()
      const reply = await running.request(methods.invoke, callParams(call, ctx), {
        signal: ctx.signal,
        timeoutMs: timeoutOf(ctx),
      })
      return readInvokeResult(reply, Math.round((performance.now() - started) * 100) / 100, plugin.name)
    },

    // Offered until `initialize` says otherwise: a sidecar is not started just to list it.
    invokeStream,
    openChannel,

    async dispose() {
      await host?.stop()
    },

    sidecar: {
      dir: options.dir,
      manifest,
      status: () => {
        const status = host?.status() ?? { state: 'not_started', crashCount: 0, stderrTail: [] }
        return { ...status, stderrTail: redactor.redact(status.stderrTail) }
      },
      async probe(timeoutMs) {
        await host?.probe(timeoutMs)
      },
      async restart() {
        return (await loadHost()).restart()
      },
    },
  }
  return plugin
}
