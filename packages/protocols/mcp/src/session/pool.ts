/**
 * The sessions the plugin keeps open: one per (server, auth fingerprint), reused by every call and channel, so a call
 * never costs an `initialize`. Bounded (the least recently used idle session makes room), closed after an idle time,
 * and reconnected on the next call after the server dropped one. A slot outlives its session, so the channels that
 * listen to it keep listening across a reconnect.
 */
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, McpRoot, McpSessionEvent } from '@wirebench/core'
import type { DispatcherFactory } from '@wirebench/transport'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import type { McpHttpServer, McpProcessBoard } from '../config/types.js'
import type { SessionListener, SessionTarget, SpawnFunction } from '../types.js'
import { abortReason, throwIfAborted } from '../errors.js'
import type { McpAuthorizer } from '../oauth/authorizer.js'
import type { HttpConnection, StdioConnection } from './connect.js'
import { McpSession } from './mcp-session.js'
import type { ListName } from './mcp-session.js'
import type { AskedMethod } from './server-requests.js'
import { sessionHeaders, sessionKey } from './session-key.js'

export interface PoolOptions {
  maxSessions: number
  idleTimeoutMs: number
  connectTimeoutMs: number
  serverRequestTimeoutMs: number
  /** Nobody can answer the server's requests (the command line): refuse each at once and say so here. */
  onUnanswerableRequest?: (method: AskedMethod) => void
  maxLineBytes: number
  maxNoiseLines: number
  stderrLines: number
  killGraceMs: number
  clientInfo: { name: string; version: string }
  /** The dispatchers for an HTTP server's address (the embedding host's own are on its listener). */
  dispatchers: (url: string) => DispatcherFactory
  validator: () => jsonSchemaValidator
  spawn?: SpawnFunction
  processes?: McpProcessBoard
  /** The workbench's MCP authorization: tokens from Connect go on HTTP sessions' requests. */
  authorizer?: McpAuthorizer | undefined
  /** A server said one of its lists changed: the plugin drops what it cached for the target. */
  onListChanged: (target: string, list: ListName) => void
}

export interface SessionRequest {
  target: SessionTarget
  /** The target as discovered (`originUrl`): names the server in messages and keys the plugin's caches. */
  address: string
  /** The configured HTTP entry for this URL: its headers and roots. */
  configured?: McpHttpServer | undefined
}

export interface Lease {
  session: McpSession
  slot: SessionSlot
  release: () => void
}

export class SessionSlot {
  readonly key: string
  readonly address: string
  session: McpSession | undefined
  connecting: Promise<McpSession> | undefined
  readonly listeners = new Set<SessionListener>()
  active = 0
  roots: McpRoot[]
  idleTimer: NodeJS.Timeout | undefined

  constructor(key: string, address: string, roots: McpRoot[]) {
    this.key = key
    this.address = address
    this.roots = roots
  }

  emit(event: McpSessionEvent): void {
    for (const listener of this.listeners) listener(event)
  }

  get isIdle(): boolean {
    return this.active === 0 && this.listeners.size === 0 && this.connecting === undefined
  }
}

/** Waits for `promise` unless the caller's signal fires first (the shared work goes on for the others). */
function within<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = abortReason(signal)
  if (aborted) return Promise.reject(aborted)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal) ?? new Error('aborted'))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

export class SessionPool {
  private readonly options: PoolOptions
  // Insertion order is recency order: a used slot moves to the end.
  private readonly slots = new Map<string, SessionSlot>()
  private isClosed = false

  constructor(options: PoolOptions) {
    this.options = options
  }

  get size(): number {
    return this.slots.size
  }

  /** The open session for the request's server and auth (connecting one when there is none), held until `release`. */
  async acquire(request: SessionRequest, ctx: CallContext): Promise<Lease> {
    const slot = this.slotFor(request, ctx)
    slot.active++
    this.touch(slot)
    try {
      const session = await this.ensure(slot, request, ctx)
      let isReleased = false
      return {
        session,
        slot,
        release: () => {
          if (isReleased) return
          isReleased = true
          slot.active--
          this.idleLater(slot)
        },
      }
    } catch (error) {
      slot.active--
      this.idleLater(slot)
      throw error
    }
  }

  /** Adds a listener to the slot (which then stays open) and connects it; returns the session and how to stop. */
  async subscribe(
    request: SessionRequest,
    ctx: CallContext,
    listener: SessionListener,
  ): Promise<{ session: McpSession; slot: SessionSlot; unsubscribe: () => void }> {
    const slot = this.slotFor(request, ctx)
    slot.listeners.add(listener)
    this.touch(slot)
    const unsubscribe = () => {
      if (!slot.listeners.delete(listener)) return
      this.idleLater(slot)
    }
    try {
      const session = await this.ensure(slot, request, ctx)
      return { session, slot, unsubscribe }
    } catch (error) {
      unsubscribe()
      throw error
    }
  }

  /** True when a session for the request's server and auth is open (nothing has to be probed or initialized). */
  hasOpen(request: SessionRequest, ctx: CallContext): boolean {
    return this.slots.get(this.keyOf(request, ctx))?.session?.isOpen === true
  }

  /** Closes the session of the request's server and auth, if one is open (the next call reconnects). */
  async disconnect(request: SessionRequest, ctx: CallContext, reason: string): Promise<boolean> {
    const slot = this.slots.get(this.keyOf(request, ctx))
    const session = slot?.session
    if (!session) return false
    await session.close(new WorkbenchError('cancelled', reason))
    return true
  }

  async closeAll(): Promise<void> {
    this.isClosed = true
    const slots = [...this.slots.values()]
    this.slots.clear()
    await Promise.allSettled(slots.map((slot) => this.closeSlot(slot, 'The workbench is shutting down.')))
  }

  private keyOf(request: SessionRequest, ctx: CallContext): string {
    const headers = request.target.kind === 'http' ? sessionHeaders(ctx.metadata, request.configured?.headers) : {}
    return sessionKey(request.target, ctx, headers)
  }

  private slotFor(request: SessionRequest, ctx: CallContext): SessionSlot {
    if (this.isClosed) throw new WorkbenchError('cancelled', 'The MCP plugin is shutting down.')
    const key = this.keyOf(request, ctx)
    const known = this.slots.get(key)
    if (known) return known
    this.makeRoom()
    const roots = request.target.kind === 'stdio' ? request.target.server.roots : request.configured?.roots
    const slot = new SessionSlot(key, request.address, [...(roots ?? [])])
    this.slots.set(key, slot)
    return slot
  }

  private makeRoom(): void {
    if (this.slots.size < this.options.maxSessions) return
    for (const slot of this.slots.values()) {
      if (!slot.isIdle) continue
      this.slots.delete(slot.key)
      void this.closeSlot(slot, 'Closed to make room for another MCP session.')
      return
    }
    throw new WorkbenchError(
      'busy',
      `At most ${this.options.maxSessions} MCP sessions may be open at once, and all are in use.`,
      {
        hint: 'Close a session channel or wait for running calls to end, then retry.',
      },
    )
  }

  private touch(slot: SessionSlot): void {
    if (slot.idleTimer) {
      clearTimeout(slot.idleTimer)
      slot.idleTimer = undefined
    }
    this.slots.delete(slot.key)
    this.slots.set(slot.key, slot)
  }

  private idleLater(slot: SessionSlot): void {
    if (!slot.isIdle || slot.idleTimer || this.slots.get(slot.key) !== slot) return
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined
      if (!slot.isIdle || this.slots.get(slot.key) !== slot) return
      this.slots.delete(slot.key)
      void this.closeSlot(slot, `Closed after ${Math.round(this.options.idleTimeoutMs / 1000)} s without calls.`)
    }, this.options.idleTimeoutMs)
    slot.idleTimer.unref()
  }

  private async closeSlot(slot: SessionSlot, reason: string): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer)
    const session = slot.session ?? (await slot.connecting?.catch(() => undefined))
    await session?.close(new WorkbenchError('cancelled', reason))
  }

  private async ensure(slot: SessionSlot, request: SessionRequest, ctx: CallContext): Promise<McpSession> {
    throwIfAborted(ctx.signal)
    if (slot.session?.isOpen) return slot.session
    slot.connecting ??= this.open(slot, request, ctx).finally(() => {
      slot.connecting = undefined
    })
    return within(slot.connecting, ctx.signal)
  }

  private async open(slot: SessionSlot, request: SessionRequest, ctx: CallContext): Promise<McpSession> {
    const { target } = request
    const options = this.options
    // The connection is shared by every caller waiting on it: it has its own time box, not the first caller's.
    const signal = AbortSignal.timeout(options.connectTimeoutMs)
    let connection: HttpConnection | StdioConnection
    let release: (() => Promise<void>) | undefined
    if (target.kind === 'http') {
      const lease = options.dispatchers(target.url).acquire(ctx.markers)
      release = () => lease.release()
      connection = {
        kind: 'http',
        url: target.url,
        transport: target.transport,
        headers: sessionHeaders(ctx.metadata, request.configured?.headers),
        lease,
        apiKeyQuery: ctx.markers.apiKeyQuery,
        authorizer: options.authorizer,
      }
    } else {
      connection = {
        kind: 'stdio',
        server: target.server,
        options: {
          maxLineBytes: options.maxLineBytes,
          maxNoiseLines: options.maxNoiseLines,
          stderrLines: options.stderrLines,
          killGraceMs: options.killGraceMs,
          onStderr: (lines) => slot.emit({ kind: 'stderr', lines }),
          onStart: (process) => options.processes?.publish(target.server.name, () => process.status()),
          ...(options.spawn ? { spawn: options.spawn } : {}),
        },
      }
    }
    let session: McpSession
    try {
      session = await McpSession.open(
        connection,
        {
          displayUrl: request.address,
          clientInfo: options.clientInfo,
          validator: options.validator(),
          serverRequestTimeoutMs: options.serverRequestTimeoutMs,
          ...(options.onUnanswerableRequest ? { onUnanswerableRequest: options.onUnanswerableRequest } : {}),
          roots: () => slot.roots,
          emit: (event) => slot.emit(event),
          onListChanged: (list) => options.onListChanged(request.address, list),
          onClosed: (closed) => {
            if (slot.session === closed) slot.session = undefined
            void release?.()
            const event: McpSessionEvent = { kind: 'session', state: 'closed', reason: closed.failure().message }
            const process = closed.stdio?.serverProcess?.status()
            if (process) event.process = process
            slot.emit(event)
          },
        },
        signal,
        options.connectTimeoutMs,
      )
    } catch (error) {
      await release?.()
      if (
        signal.aborted &&
        !(error instanceof WorkbenchError && error.code !== 'cancelled' && error.code !== 'timeout')
      ) {
        throw new WorkbenchError(
          'timeout',
          `${request.address} did not finish the MCP initialize within ${options.connectTimeoutMs} ms.`,
          {
            cause: error,
          },
        )
      }
      throw error
    }
    slot.session = session
    slot.emit({ kind: 'session', state: 'open', info: session.info() })
    return session
  }
}
