/**
 * One hub connection on the official client, `@microsoft/signalr` (the only module that builds one): our HttpClient,
 * WebSocket and EventSource classes carry the wire's TLS, lookup and header rules; the hub protocol is wrapped so
 * every server message is observed; reconnect attempts and the close are reported. Callers see plain JSON values.
 */
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  JsonHubProtocol,
  MessageType,
  NullLogger,
  Subject,
} from '@microsoft/signalr'
import type { HubConnection, HubMessage, IHttpConnectionOptions, IHubProtocol, IRetryPolicy } from '@microsoft/signalr'
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack'
import { reconnectReason } from '../errors.js'
import { toJsonValue } from '../wire-values.js'
import { eventSourceClass } from './event-source.js'
import { WireHttpClient } from './http-client.js'
import type { HubWire, TransportName } from './hub-wire.js'
import { MessageSizes } from './message-sizes.js'
import type { Received, WrittenMessage } from './message-sizes.js'
import { observedProtocol } from './observed-protocol.js'
import { webSocketClass } from './web-socket.js'

export interface HubSessionOptions {
  /** The hub's address on the wire (API-key query included). */
  url: string
  transport: 'auto' | TransportName
  protocol: 'json' | 'messagepack'
  skipNegotiation: boolean
  reconnect: boolean
  keepAliveIntervalMs: number
  serverTimeoutMs: number
}

/** Everything the server sends, as seen on the wire. */
export type HubEvent =
  | { kind: 'invocation'; target: string; arguments: unknown[]; invocationId?: string; bytes: number }
  | { kind: 'streamItem'; invocationId: string; item: unknown; bytes: number }
  | { kind: 'completion'; invocationId: string; result?: unknown; error?: string; bytes: number }
  | { kind: 'ping'; bytes: number }
  | { kind: 'close'; error?: string; allowReconnect?: boolean; bytes: number }

export type HubState =
  | { state: 'reconnecting'; attempt: number; error?: string }
  | { state: 'reconnected'; connectionId?: string; transport?: TransportName }
  | { state: 'closed'; error?: string }

/** A hub method's own error (a Completion with `error`), as opposed to the connection failing. */
export class HubMethodError extends Error {}

export type { Received, WrittenMessage }

/** A call on the connection: the invocation as written (absent if the client wrote none) and its outcome. */
export interface HubCall<T> {
  sent: WrittenMessage | undefined
  result: Promise<T>
}

export interface HubStream {
  sent: WrittenMessage | undefined
  items: AsyncIterable<Received>
  /** Items received and not yet taken from `items`. */
  readonly buffered: number
  cancel(): void
}

/**
 * How far a stream's unread items may pile up before the connection stops reading (TCP then pushes back on the hub),
 * and how far they must drain before it reads again.
 */
export const streamBuffer = { maxItems: 256, maxBytes: 8 * 1024 * 1024, resumeItems: 64 }

export interface HubUpload extends HubCall<Received> {
  push(item: unknown): void
  complete(): void
  fail(reason: string): void
}

/**
 * The event a message is. JSON-protocol values are JSON already; MessagePack ones go through `toJsonValue` (binary,
 * timestamps, maps), which the JSON protocol would only slow down at high rates.
 */
function toEvent(message: HubMessage, bytes: number, toJson: (value: unknown) => unknown): HubEvent | undefined {
  switch (message.type) {
    case MessageType.Invocation: {
      const { target, invocationId } = message
      const args = toJson(message.arguments) as unknown[]
      return invocationId
        ? { kind: 'invocation', target, arguments: args, invocationId, bytes }
        : { kind: 'invocation', target, arguments: args, bytes }
    }
    case MessageType.StreamItem:
      return { kind: 'streamItem', invocationId: message.invocationId, item: toJson(message.item), bytes }
    case MessageType.Completion: {
      const base = { kind: 'completion' as const, invocationId: message.invocationId, bytes }
      if (message.error !== undefined && message.error !== null) return { ...base, error: message.error }
      return 'result' in message && message.result !== undefined ? { ...base, result: toJson(message.result) } : base
    }
    case MessageType.Ping:
      return { kind: 'ping', bytes }
    case MessageType.Close: {
      const event: HubEvent = { kind: 'close', bytes }
      if (message.error) event.error = message.error
      if (message.allowReconnect !== undefined) event.allowReconnect = message.allowReconnect
      return event
    }
    // Client-to-server kinds never arrive; Ack and Sequence belong to stateful reconnect, which is not used.
    case MessageType.StreamInvocation:
    case MessageType.CancelInvocation:
    case MessageType.Ack:
    case MessageType.Sequence:
      return undefined
  }
}

const retryDelaysMs = [0, 2_000, 5_000, 10_000, 30_000]

export class HubSession {
  readonly protocol: 'json' | 'messagepack'
  transport: TransportName | undefined
  private readonly toJson: (value: unknown) => unknown
  private readonly connection: HubConnection
  private readonly listeners = new Set<(event: HubEvent) => void>()
  private readonly stateListeners = new Set<(state: HubState) => void>()
  /** Completion errors seen and not yet claimed by a rejected invoke: how a hub error is told from a lost connection. */
  private readonly completionErrors = new Map<string, number>()
  private readonly sizes = new MessageSizes()
  private readonly gate: HubWire['gate']
  /** The kind of the message the client serialised last: it hands that payload to the connection's send next. */
  private lastWritten: MessageType | undefined
  /** Upload failures waiting for their call (the client's own chain for stream items has no one to tell). */
  private readonly uploadFailures = new Set<(error: Error) => void>()

  constructor(wire: HubWire, options: HubSessionOptions) {
    this.protocol = options.protocol
    this.gate = wire.gate
    this.toJson = options.protocol === 'messagepack' ? toJsonValue : (value) => value ?? null
    const inner: IHubProtocol =
      options.protocol === 'messagepack' ? new MessagePackHubProtocol() : new JsonHubProtocol()
    const protocol = observedProtocol(
      inner,
      (message, bytes) => {
        if (message.type === MessageType.Completion && message.error) {
          this.completionErrors.set(message.error, (this.completionErrors.get(message.error) ?? 0) + 1)
        }
        this.sizes.received(message, bytes)
        const event = toEvent(message, bytes, this.toJson)
        if (event) for (const listener of this.listeners) listener(event)
      },
      (message, payload) => {
        this.lastWritten = message.type
        this.sizes.written(message, payload)
      },
    )
    const onTransport = wire.onTransport
    wire.onTransport = (name) => {
      this.transport = name
      onTransport(name)
    }
    const token = wire.bearerToken
    // `WebSocket` and `EventSource` are options the client reads (HttpConnection) but leaves out of its typings.
    const connectionOptions: IHttpConnectionOptions & { WebSocket: unknown; EventSource: unknown } = {
      httpClient: new WireHttpClient(wire),
      WebSocket: webSocketClass(wire),
      EventSource: eventSourceClass(wire),
      headers: wire.headers,
      ...(options.transport === 'auto' ? {} : { transport: HttpTransportType[options.transport] }),
      skipNegotiation: options.skipNegotiation,
      ...(token !== undefined ? { accessTokenFactory: () => token } : {}),
      logger: NullLogger.instance,
      // LongPolling sends its own requests without a timeout; the others' HTTP requests get the handshake budget.
      timeout: wire.handshakeTimeoutMs,
    }
    const builder = new HubConnectionBuilder()
      .withUrl(options.url, connectionOptions)
      .withHubProtocol(protocol)
      .withServerTimeout(options.serverTimeoutMs)
      .withKeepAliveInterval(options.keepAliveIntervalMs)
      .configureLogging(NullLogger.instance)
    if (options.reconnect) {
      const policy: IRetryPolicy = {
        nextRetryDelayInMilliseconds: ({ previousRetryCount, retryReason }) => {
          const delay = retryDelaysMs[previousRetryCount]
          if (delay === undefined) return null
          this.emitState({
            state: 'reconnecting',
            attempt: previousRetryCount + 1,
            error: reconnectReason(retryReason.message),
          })
          return delay
        },
      }
      builder.withAutomaticReconnect(policy)
    }
    this.connection = builder.build()
    this.guardStreamSends()
    this.connection.onreconnected((connectionId) =>
      this.emitState({
        state: 'reconnected',
        ...(connectionId ? { connectionId } : {}),
        ...(this.transport ? { transport: this.transport } : {}),
      }),
    )
    this.connection.onclose((error) =>
      this.emitState(error ? { state: 'closed', error: error.message } : { state: 'closed' }),
    )
  }

  /**
   * The client sends upload items and their completion on a promise chain it never awaits or catches, so a transport
   * that fails under it (hub gone, socket closed, request aborted) would leave an unhandled rejection, which ends an
   * embedding Node process. Those sends are caught here and fail the uploads instead; every other send keeps its
   * rejection, which the client itself handles.
   */
  private guardStreamSends(): void {
    // `connection` is the client's HttpConnection: a public property in the build, private in its typings.
    const inner = (this.connection as unknown as { connection: { send(data: string | ArrayBuffer): Promise<void> } })
      .connection
    const send = inner.send.bind(inner)
    inner.send = (data) => {
      const kind = this.lastWritten
      this.lastWritten = undefined
      const sending = send(data)
      if (kind !== MessageType.StreamItem && kind !== MessageType.Completion) return sending
      return sending.catch((error: unknown) => {
        const reason = error instanceof Error ? error : new Error(String(error))
        for (const fail of this.uploadFailures) fail(reason)
      })
    }
  }

  get connectionId(): string | undefined {
    return this.connection.connectionId ?? undefined
  }

  get isConnected(): boolean {
    return this.connection.state === HubConnectionState.Connected
  }

  onEvent(listener: (event: HubEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  onState(listener: (state: HubState) => void): () => void {
    this.stateListeners.add(listener)
    return () => this.stateListeners.delete(listener)
  }

  private emitState(state: HubState): void {
    for (const listener of this.stateListeners) listener(state)
  }

  start(): Promise<void> {
    return this.connection.start()
  }

  stop(): Promise<void> {
    return this.connection.stop()
  }

  /** The completion's result, with the size of the Completion message that carried it. */
  invoke(target: string, args: unknown[]): HubCall<Received> {
    const { value: pending, sent } = this.sizes.capture(() => this.connection.invoke(target, ...args))
    const result = (async () => {
      try {
        return { value: this.toJson(await pending), bytes: this.sizes.next(sent) }
      } catch (error) {
        throw this.classify(error)
      } finally {
        this.sizes.release(sent)
      }
    })()
    return { sent, result }
  }

  send(target: string, args: unknown[]): HubCall<void> {
    const { value: result, sent } = this.sizes.capture(() => this.connection.send(target, ...args))
    return { sent, result }
  }

  /** A hub error when the server completed the invocation with this message; the error as it is otherwise. */
  private classify(error: unknown): unknown {
    if (!(error instanceof Error)) return error
    const seen = this.completionErrors.get(error.message)
    if (seen === undefined) return error
    if (seen <= 1) this.completionErrors.delete(error.message)
    else this.completionErrors.set(error.message, seen - 1)
    return new HubMethodError(error.message)
  }

  stream(target: string, args: unknown[]): HubStream {
    const queue: Received[] = []
    let queuedBytes = 0
    let wake: (() => void) | undefined
    let finished: { error?: unknown } | undefined
    const gate = this.gate
    // This stream's own hold on the connection's gate: other calls on the connection hold and release their own.
    const holder = {}
    const { value: subject, sent } = this.sizes.capture(() => this.connection.stream(target, ...args))
    const subscription = subject.subscribe({
      // The observer measured each item before the client handed it here, in the same order.
      next: (item) => {
        const received = { value: this.toJson(item), bytes: this.sizes.next(sent) }
        queue.push(received)
        queuedBytes += received.bytes ?? 0
        if (queue.length >= streamBuffer.maxItems || queuedBytes >= streamBuffer.maxBytes) gate.hold(holder)
        wake?.()
      },
      complete: () => {
        this.sizes.release(sent)
        finished = {}
        // No more items come for this stream: what is queued stays bounded without holding the others up.
        gate.release(holder)
        wake?.()
      },
      error: (error) => {
        this.sizes.release(sent)
        finished = { error: this.classify(error) }
        gate.release(holder)
        wake?.()
      },
    })
    const items = (async function* () {
      for (;;) {
        if (queue.length > 0) {
          const next = queue.shift() as Received
          queuedBytes -= next.bytes ?? 0
          if (queue.length <= streamBuffer.resumeItems && queuedBytes < streamBuffer.maxBytes / 2) gate.release(holder)
          yield next
          continue
        }
        if (finished) {
          if (finished.error !== undefined)
            throw finished.error instanceof Error ? finished.error : new Error('The stream failed.')
          return
        }
        await new Promise<void>((resolve) => (wake = resolve))
        wake = undefined
      }
    })()
    return {
      sent,
      items,
      get buffered() {
        return queue.length
      },
      cancel: () => {
        this.sizes.release(sent)
        subscription.dispose()
        queue.length = 0
        queuedBytes = 0
        gate.release(holder)
      },
    }
  }

  upload(target: string, args: unknown[]): HubUpload {
    const subject = new Subject<unknown>()
    const call = this.invoke(target, [...args, subject])
    let failed: Error | undefined
    let onFailure: ((error: Error) => void) | undefined
    const sendFailed = new Promise<never>((_, reject) => {
      onFailure = (error) => {
        failed ??= error
        reject(error)
      }
    })
    this.uploadFailures.add(onFailure!)
    // The first failure to send an item ends the call, whether or not the completion (with the close's reason) follows.
    const result = Promise.race([call.result, sendFailed]).finally(() => this.uploadFailures.delete(onFailure!))
    result.catch(() => undefined)
    sendFailed.catch(() => undefined)
    // Once the connection is not connected the client's send would only fail: the items are dropped here instead.
    const open = (): boolean => failed === undefined && this.isConnected
    return {
      sent: call.sent,
      push: (item) => {
        if (open()) subject.next(item)
      },
      complete: () => {
        if (open()) subject.complete()
      },
      fail: (reason) => {
        if (open()) subject.error(new Error(reason))
      },
      result,
    }
  }
}
