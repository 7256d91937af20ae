/**
 * One hub connection on the server side of the SignalR hub protocol: the handshake (always JSON), then invocations
 * dispatched to the hub's methods, server streams with cancellation, client upload streams, pings both ways and the
 * Close message. Transports hand it payloads and give it a way to write. Our own implementation of the published
 * spec, for the demo and the tests — not ASP.NET Core.
 */
import { HubError, isAsyncIterable } from './hub.js'
import type { HubCallerAuth, HubClients, HubDefinition, HubInvocationContext, HubTransportName } from './hub.js'
import type {
  HubMessage,
  HubProtocolCodec,
  InvocationMessage,
  Payload,
  StreamInvocationMessage,
} from './hub-messages.js'
import { MessageType, recordSeparator } from './hub-messages.js'
import { jsonProtocol } from './json-protocol.js'
import { messagePackProtocol } from './messagepack-protocol.js'
import { UploadStream } from './upload-stream.js'

/** How a transport delivers what the connection writes. */
export interface TransportWriter {
  write(payload: Payload): void
  /** Ends the transport (WebSocket close, SSE end, long poll 204). */
  end(): void
}

export interface HubConnectionHooks {
  /** Every connection of the same hub, for `clients.all`. */
  peers(): Iterable<ServerHubConnection>
  /** Called once when the connection ends. */
  onClosed(connection: ServerHubConnection): void
  /** Records a CancelInvocation the server acted on (tests observe it). */
  onCancel(connectionId: string, invocationId: string, target: string): void
}

export interface ServerHubConnectionOptions {
  id: string
  hub: HubDefinition
  transport: HubTransportName
  auth: HubCallerAuth
  keepAliveIntervalMs: number
  hooks: HubConnectionHooks
}

const protocols: Record<string, HubProtocolCodec> = { json: jsonProtocol, messagepack: messagePackProtocol }

export class ServerHubConnection {
  readonly id: string
  readonly transport: HubTransportName
  private writer: TransportWriter | undefined
  private protocol: HubProtocolCodec | undefined
  private readonly options: ServerHubConnectionOptions
  private readonly running = new Map<string, { abort: AbortController; target: string }>()
  private readonly uploads = new Map<string, UploadStream>()
  private keepAlive: NodeJS.Timeout | undefined
  private closed = false
  /** Messages received after the handshake (tests count them). */
  received = 0

  constructor(options: ServerHubConnectionOptions) {
    this.options = options
    this.id = options.id
    this.transport = options.transport
  }

  get isReady(): boolean {
    return this.protocol !== undefined && !this.closed
  }

  get protocolName(): string {
    return this.protocol?.name ?? 'none'
  }

  attach(writer: TransportWriter): void {
    this.writer = writer
  }

  /** Handles what the client sent: the handshake first, hub messages after it. */
  receive(payload: Payload): void {
    if (this.closed) return
    if (this.protocol === undefined) {
      const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('latin1')
      const end = text.indexOf(recordSeparator)
      if (end < 0) return this.fail('The handshake request must end with the record separator.')
      this.handshake(text.slice(0, end))
      const restBytes = typeof payload === 'string' ? undefined : payload.subarray(end + 1)
      const rest = typeof payload === 'string' ? payload.slice(end + 1) : restBytes
      if (rest !== undefined && rest.length > 0 && this.protocol) this.receive(rest)
      return
    }
    let messages: HubMessage[]
    try {
      messages = this.protocol.parse(payload)
    } catch (error) {
      return this.fail(`Invalid message: ${(error as Error).message}`)
    }
    for (const message of messages) this.dispatch(message)
  }

  private handshake(text: string): void {
    let request: { protocol?: unknown; version?: unknown }
    try {
      request = JSON.parse(text) as typeof request
    } catch {
      return this.fail('The handshake request is not JSON.')
    }
    const codec = typeof request.protocol === 'string' ? protocols[request.protocol] : undefined
    if (!codec) {
      this.writeRaw(JSON.stringify({ error: `Requested protocol '${String(request.protocol)}' is not available.` }))
      return this.end()
    }
    if (this.transport === 'ServerSentEvents' && codec.transferFormat === 'Binary') {
      this.writeRaw(JSON.stringify({ error: `Cannot use the '${codec.name}' protocol on the current transport.` }))
      return this.end()
    }
    this.protocol = codec
    this.writeRaw('{}')
    this.armKeepAlive()
    this.options.hub.onConnected?.(this.baseContext())
  }

  private writeRaw(json: string): void {
    this.writer?.write(json + recordSeparator)
  }

  send(message: HubMessage): void {
    if (this.closed || !this.protocol || !this.writer) return
    this.writer.write(this.protocol.write(message))
    this.armKeepAlive()
  }

  private armKeepAlive(): void {
    clearTimeout(this.keepAlive)
    if (this.options.keepAliveIntervalMs <= 0) return
    this.keepAlive = setTimeout(() => this.send({ type: MessageType.Ping }), this.options.keepAliveIntervalMs)
    this.keepAlive.unref()
  }

  private dispatch(message: HubMessage): void {
    this.received++
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        void this.invoke(message)
        return
      case MessageType.StreamItem:
        this.uploads.get(message.invocationId)?.push(message.item)
        return
      case MessageType.Completion: {
        const upload = this.uploads.get(message.invocationId)
        this.uploads.delete(message.invocationId)
        upload?.end(message.error)
        return
      }
      case MessageType.CancelInvocation: {
        const running = this.running.get(message.invocationId)
        if (running) {
          this.options.hooks.onCancel(this.id, message.invocationId, running.target)
          running.abort.abort()
        }
        return
      }
      case MessageType.Ping:
        return
      case MessageType.Close:
        this.end()
        return
    }
  }

  private async invoke(message: InvocationMessage | StreamInvocationMessage): Promise<void> {
    const { invocationId, target } = message
    const method = Object.entries(this.options.hub.methods).find(
      ([name]) => name.toLowerCase() === target.toLowerCase(),
    )?.[1]
    const complete = (error?: string, result?: { value: unknown }): void => {
      if (invocationId === undefined) return
      this.send({
        type: MessageType.Completion,
        invocationId,
        ...(error !== undefined ? { error } : {}),
        ...(result ? { result: result.value, hasResult: true } : {}),
      })
    }
    if (!method)
      return complete(
        `Failed to invoke '${target}' due to an error on the server. HubException: Method does not exist.`,
      )
    const abort = new AbortController()
    if (invocationId !== undefined) this.running.set(invocationId, { abort, target })
    const streams = (message.streamIds ?? []).map((streamId) => {
      const upload = new UploadStream()
      this.uploads.set(streamId, upload)
      return upload
    })
    const streaming = message.type === MessageType.StreamInvocation
    try {
      const value = await method({ ...this.baseContext(), args: message.arguments, streams, signal: abort.signal })
      if (isAsyncIterable(value) !== streaming) {
        const kind = streaming ? 'non-streaming' : 'streaming'
        const wrong = streaming ? 'a streaming' : 'a non-streaming'
        return complete(`The client attempted to invoke the ${kind} '${target}' method with ${wrong} invocation.`)
      }
      if (!isAsyncIterable(value)) return complete(undefined, value === undefined ? undefined : { value })
      for await (const item of value) {
        if (abort.signal.aborted || this.closed) break
        this.send({ type: MessageType.StreamItem, invocationId: invocationId as string, item })
      }
      complete()
    } catch (error) {
      // A method that stops on its signal ends the invocation normally (the client asked for it, or left).
      if (abort.signal.aborted) return complete()
      const detail = error instanceof HubError ? ` HubException: ${error.message}` : ''
      complete(`An unexpected error occurred invoking '${target}' on the server.${detail}`)
    } finally {
      if (invocationId !== undefined) this.running.delete(invocationId)
    }
  }

  private baseContext(): Omit<HubInvocationContext, 'args' | 'streams' | 'signal'> {
    return {
      connectionId: this.id,
      transport: this.transport,
      protocol: this.protocolName,
      auth: this.options.auth,
      clients: this.clients(),
      close: (error, allowReconnect) => this.close(error, allowReconnect),
    }
  }

  private clients(): HubClients {
    const peers = (): ServerHubConnection[] => [...this.options.hooks.peers()].filter((peer) => peer.isReady)
    const invocation = (target: string, args: unknown[]): HubMessage => ({
      type: MessageType.Invocation,
      target,
      arguments: args,
    })
    return {
      all: { send: (target, ...args) => peers().forEach((peer) => peer.send(invocation(target, args))) },
      others: {
        send: (target, ...args) =>
          peers()
            .filter((peer) => peer !== this)
            .forEach((peer) => peer.send(invocation(target, args))),
      },
      caller: { send: (target, ...args) => this.send(invocation(target, args)) },
      count: () => peers().length,
    }
  }

  /** Sends a Close message (with its error) and ends the transport. */
  close(error?: string, allowReconnect?: boolean): void {
    this.send({
      type: MessageType.Close,
      ...(error !== undefined ? { error } : {}),
      ...(allowReconnect !== undefined ? { allowReconnect } : {}),
    })
    this.end()
  }

  private fail(reason: string): void {
    if (this.protocol) this.close(`Connection closed with an error. ${reason}`)
    else this.end()
  }

  /** Ends the connection without a Close message: stops running invocations and the transport. */
  end(): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.keepAlive)
    for (const { abort } of this.running.values()) abort.abort()
    for (const upload of this.uploads.values()) upload.end('The connection closed.')
    this.writer?.end()
    this.options.hooks.onClosed(this)
  }
}
