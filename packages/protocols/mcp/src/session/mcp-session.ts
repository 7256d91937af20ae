/**
 * One open MCP session: the SDK client over its transport, what `initialize` told us, and everything that flows outside
 * a call — notifications and the server's own requests, turned into session events for the channels, and progress
 * routed to the call it belongs to by its progress token.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CancelledNotificationSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  PingRequestSchema,
  ProgressNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, McpProgressToken, McpRoot, McpSessionEvent, McpSessionInfo } from '@wirebench/core'
import type { AnySchema, SchemaOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js'
import { StdioServerTransport } from '../stdio/stdio-transport.js'
import { openConnection } from './connect.js'
import type { Connected, HttpConnection, StdioConnection } from './connect.js'
import type { SessionFetch } from './http-fetch.js'
import { ServerRequests } from './server-requests.js'
import type { Answer, AskedMethod } from './server-requests.js'

export type ListName = 'tools' | 'resources' | 'prompts'

export interface SessionOptions {
  /** The address as the user wrote it, for messages. */
  displayUrl: string
  clientInfo: { name: string; version: string }
  validator: jsonSchemaValidator
  serverRequestTimeoutMs: number
  /** Refuse the server's requests at once (nobody can answer them) and say so here. */
  onUnanswerableRequest?: (method: AskedMethod) => void
  /** The roots answered to `roots/list` (configured for the server, or set on a channel). */
  roots: () => McpRoot[]
  emit: (event: McpSessionEvent) => void
  /** A `*_list_changed` arrived: cached lists of this target are stale. */
  onListChanged: (list: ListName) => void
  onClosed: (session: McpSession) => void
}

export interface ProgressUpdate {
  progress: number
  total?: number
  message?: string
}

export interface CallOptions {
  progressToken?: McpProgressToken
  onProgress?: (progress: ProgressUpdate, token: McpProgressToken) => void
}

interface RunningCall {
  controller: AbortController
  onProgress?: CallOptions['onProgress']
}

/** Spare time given to the SDK's own request timeout past the call's deadline: the deadline's signal ends it first. */
const sdkTimeoutSlackMs = 1_000

let tokens = 0

/** A progress token no UI-chosen one is likely to equal. */
export function mintProgressToken(): string {
  return `wirebench-${++tokens}`
}

export class McpSession {
  readonly options: SessionOptions
  readonly requests: ServerRequests
  private connected: Connected | undefined
  private protocolVersion: string | undefined
  private readonly running = new Map<McpProgressToken, RunningCall>()
  private closeReason: WorkbenchError | undefined
  private isClosed = false

  private constructor(options: SessionOptions) {
    this.options = options
    this.requests = new ServerRequests({
      timeoutMs: options.serverRequestTimeoutMs,
      emit: options.emit,
      ...(options.onUnanswerableRequest ? { onUnanswerable: options.onUnanswerableRequest } : {}),
    })
  }

  /** Connects and initializes; throws a WorkbenchError when the server cannot be reached or refuses. */
  static async open(
    connection: HttpConnection | StdioConnection,
    options: SessionOptions,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<McpSession> {
    const session = new McpSession(options)
    session.connected = await openConnection(
      connection,
      { newClient: () => session.newClient(), beforeConnect: (transport) => session.watchInitialize(transport) },
      signal,
      timeoutMs,
    )
    const { client } = session.connected
    client.onclose = () => session.markClosed()
    client.onerror = (error) => session.transportError(error)
    // A session the server closed while we were still setting up is reported like any other close.
    if (session.isClosed) throw session.failure()
    return session
  }

  get isOpen(): boolean {
    return !this.isClosed
  }

  get client(): Client {
    if (!this.connected) throw new Error('The MCP session is not connected yet.')
    return this.connected.client
  }

  get transportKind(): McpSessionInfo['transport'] {
    return this.connected?.kind ?? 'streamable-http'
  }

  /** The protocol version `initialize` settled on. */
  get negotiatedVersion(): string {
    return this.protocolVersion ?? 'unknown'
  }

  /** Streamable HTTP: the `Mcp-Session-Id` the server assigned. */
  get sessionId(): string | undefined {
    return (this.connected?.transport as { sessionId?: string } | undefined)?.sessionId
  }

  get fetch(): SessionFetch | undefined {
    return this.connected?.fetch
  }

  get stdio(): StdioServerTransport | undefined {
    const transport = this.connected?.transport
    return transport instanceof StdioServerTransport ? transport : undefined
  }

  info(): McpSessionInfo {
    const client = this.client
    const server = client.getServerVersion()
    const info: McpSessionInfo = {
      transport: this.transportKind,
      protocolVersion: this.negotiatedVersion,
      serverInfo: { ...(server ?? { name: 'unknown', version: 'unknown' }) },
      capabilities: { ...(client.getServerCapabilities() ?? {}) },
    }
    const instructions = client.getInstructions()
    if (instructions !== undefined) info.instructions = instructions
    const sessionId = this.sessionId
    if (sessionId !== undefined) info.sessionId = sessionId
    const process = this.stdio?.serverProcess?.status()
    if (process) info.process = process
    return info
  }

  /** Why the session ended (the process exit, a line too long…), or a plain "closed". */
  failure(): WorkbenchError {
    return (
      this.closeReason ??
      this.stdio?.closeReason ??
      new WorkbenchError('upstream_unreachable', `The MCP session with ${this.options.displayUrl} is closed.`, {
        hint: 'Call again: the workbench reconnects.',
      })
    )
  }

  /**
   * Sends one request. `_meta.progressToken` is the caller's (`options.progressToken`) or a fresh one; progress for it
   * reaches `onProgress` and the channels. `ctx.signal` (and `cancel(token)`) cancel it: the server gets
   * `notifications/cancelled`. Throws what the SDK throws; the caller maps it.
   */
  async call<S extends AnySchema>(
    request: { method: string; params?: Record<string, unknown> },
    schema: S,
    ctx: CallContext,
    options: CallOptions = {},
  ): Promise<SchemaOutput<S>> {
    if (this.isClosed) throw this.failure()
    const token = options.progressToken ?? mintProgressToken()
    const controller = new AbortController()
    const running: RunningCall = { controller }
    if (options.onProgress) running.onProgress = options.onProgress
    this.running.set(token, running)
    const signal = AbortSignal.any([ctx.signal, controller.signal])
    const params = request.params ?? {}
    const meta = { ...(params['_meta'] as Record<string, unknown> | undefined), progressToken: token }
    try {
      return await this.client.request({ method: request.method, params: { ...params, _meta: meta } }, schema, {
        signal,
        timeout: timeoutOf(ctx),
      })
    } catch (error) {
      // Cancelled from a session channel (`cancel` op): say so, rather than the SDK's "request timed out".
      if (controller.signal.aborted && !ctx.signal.aborted) throw controller.signal.reason as WorkbenchError
      throw error
    } finally {
      this.running.delete(token)
    }
  }

  /** Sends a request outside any call (lists, subscribe, setLevel, complete, ping). */
  async request<S extends AnySchema>(
    request: { method: string; params?: Record<string, unknown> },
    schema: S,
    ctx: CallContext,
  ): Promise<SchemaOutput<S>> {
    if (this.isClosed) throw this.failure()
    return this.client.request(request, schema, { signal: ctx.signal, timeout: timeoutOf(ctx) })
  }

  /** Cancels a running call by its progress token; false when no such call runs. */
  cancel(token: McpProgressToken, reason: string): boolean {
    const call = this.running.get(token)
    if (!call) return false
    call.controller.abort(new WorkbenchError('cancelled', reason))
    return true
  }

  /** The progress token a running call was given, for the answer of a call that did not choose one. */
  isRunning(token: McpProgressToken): boolean {
    return this.running.has(token)
  }

  answer(requestId: string | number, answer: Answer): void {
    this.requests.answer(requestId, answer)
  }

  async sendRootsChanged(): Promise<void> {
    if (!this.isClosed) await this.client.sendRootsListChanged()
  }

  async close(reason?: WorkbenchError): Promise<void> {
    if (reason) this.closeReason ??= reason
    const connected = this.connected
    if (!connected) return
    // Streamable HTTP: say goodbye (DELETE with the session id) so the server frees the session now.
    const transport = connected.transport as { terminateSession?: (this: void) => Promise<void> }
    if (transport.terminateSession && !this.isClosed) {
      await Promise.race([
        (connected.transport as unknown as { terminateSession(): Promise<void> })
          .terminateSession()
          .catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ])
    }
    await connected.client.close().catch(() => undefined)
    this.markClosed()
  }

  private newClient(): Client {
    const client = new Client(this.options.clientInfo, {
      // applyDefaults: an accepted elicitation gets the schema's defaults for the fields the user left out (SEP-1034).
      capabilities: {
        roots: { listChanged: true },
        sampling: {},
        elicitation: { form: { applyDefaults: true }, url: {} },
      },
      jsonSchemaValidator: this.options.validator,
    })
    const { emit } = this.options
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      const { level, logger, data } = notification.params
      emit({ kind: 'log', level: level, data, ...(logger === undefined ? {} : { logger }) })
    })
    client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      const { progressToken, progress, total, message } = notification.params
      const update: ProgressUpdate = { progress }
      if (total !== undefined) update.total = total
      if (message !== undefined) update.message = message
      this.running.get(progressToken)?.onProgress?.(update, progressToken)
      emit({ kind: 'progress', progressToken, ...update })
    })
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      emit({ kind: 'resourceUpdated', uri: notification.params.uri })
    })
    const listChanged = (list: ListName) => () => {
      this.options.onListChanged(list)
      emit({ kind: 'listChanged', list })
    }
    client.setNotificationHandler(ToolListChangedNotificationSchema, listChanged('tools'))
    client.setNotificationHandler(ResourceListChangedNotificationSchema, listChanged('resources'))
    client.setNotificationHandler(PromptListChangedNotificationSchema, listChanged('prompts'))
    client.fallbackNotificationHandler = (notification) => {
      emit({
        kind: 'notification',
        method: notification.method,
        ...(notification.params ? { params: notification.params } : {}),
      })
      return Promise.resolve()
    }
    client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
      const { requestId, reason } = notification.params
      // The SDK's own handler ignores request id 0 (a falsy check), the first request a server sends: withdraw here.
      if (requestId !== undefined) this.requests.withdraw(requestId, reason)
      const sdkHandler: unknown = Reflect.get(client, '_oncancel')
      if (typeof sdkHandler === 'function')
        void Promise.resolve(sdkHandler.call(client, notification)).catch(() => undefined)
    })
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      return (await this.requests.ask('elicitation/create', request.params, extra.requestId, extra.signal)) as never
    })
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
      return (await this.requests.ask('sampling/createMessage', request.params, extra.requestId, extra.signal)) as never
    })
    client.setRequestHandler(ListRootsRequestSchema, (_request, extra) => {
      const roots = this.options.roots()
      emit({
        kind: 'requestAnswered',
        requestId: extra.requestId,
        method: 'roots/list',
        by: 'workbench',
        result: { roots },
      })
      return { roots }
    })
    client.setRequestHandler(PingRequestSchema, (_request, extra) => {
      emit({ kind: 'requestAnswered', requestId: extra.requestId, method: 'ping', by: 'workbench', result: {} })
      return {}
    })
    return client
  }

  /** Remembers the negotiated version: the first answer that carries one is `initialize`'s. */
  private watchInitialize(transport: Transport): void {
    transport.onmessage = (message: JSONRPCMessage) => {
      if (this.protocolVersion !== undefined || !('result' in message)) return
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion
      if (typeof version === 'string') this.protocolVersion = version
    }
  }

  private transportError(error: Error): void {
    // The legacy SSE stream dropped: its endpoint (and session) are gone, and EventSource would reconnect into a new
    // session the server never initialized. End this one; the next call starts afresh.
    if (error instanceof SseError && this.transportKind === 'sse' && !this.isClosed) {
      void this.close(
        new WorkbenchError('upstream_unreachable', `The SSE stream of ${this.options.displayUrl} dropped.`, {
          hint: 'Call again: the workbench reconnects.',
        }),
      )
    }
  }

  private markClosed(): void {
    if (this.isClosed) return
    this.isClosed = true
    this.requests.clear()
    this.options.onClosed(this)
  }
}

function timeoutOf(ctx: CallContext): number {
  const left = ctx.deadline === undefined ? ctx.limits.timeoutMs : ctx.deadline - Date.now()
  return Math.max(1, left) + sdkTimeoutSlackMs
}
