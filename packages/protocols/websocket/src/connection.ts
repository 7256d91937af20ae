/**
 * One client WebSocket: opens the upgrade, queues everything the server sends as StreamFrames (headers first, the
 * close last) in a bounded queue that pauses the socket, sends the user's messages with a bound on unwritten bytes,
 * and closes politely or at once. The channel, invoke and discovery all drive it.
 */
import type { ClientRequest, IncomingMessage } from 'node:http'
import WebSocket from 'ws'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, SentRequest, StreamFrame } from '@wirebench/core'
import { FrameQueue, describeSentRequest } from '@wirebench/transport'
import { toSocketError } from './errors.js'
import type { UpgradeRequest } from './handshake.js'
import { controlFrame, dataFrame, endFrame, failureCloseCode, frameCost, headerRecord } from './incoming.js'
import type { Outgoing } from './send-message.js'
import type { ResolvedOptions } from './types.js'

export type Handshake =
  | { kind: 'open'; headers: Record<string, string>; protocol: string }
  | { kind: 'refused'; status: number; statusText: string; headers: Record<string, string>; body: string }

/** Bytes of a refused upgrade's body kept for the result (the rest is not read), and how long it may take. */
const maxRefusalBody = 64 * 1024
const refusalBodyMs = 2_000

export class WebSocketConnection {
  readonly frames: FrameQueue
  /** Resolves when the server switched protocols (or answered with another status); rejects when it could not. */
  readonly ready: Promise<Handshake>
  private readonly socket: WebSocket
  private readonly request: UpgradeRequest
  private readonly ctx: CallContext
  private readonly options: ResolvedOptions
  private settled = false
  private upgradeHeaders: Record<string, string> = {}
  private lastError: Error | undefined
  private sendClosed = false
  private lastWrite: Promise<boolean> = Promise.resolve(true)
  /** Frames received after our close while the queue was full: not kept, counted in the end frame. */
  private dropped = 0
  private readonly closed: Promise<void>
  private markClosed: () => void = () => undefined
  private readonly onAbort = (): void => this.abort()

  constructor(request: UpgradeRequest, ctx: CallContext, options: ResolvedOptions) {
    this.request = request
    this.ctx = ctx
    this.options = options
    this.frames = new FrameQueue({
      maxFrames: Math.max(2, Math.min(options.maxQueuedFrames, ctx.limits.maxQueuedFrames)),
      maxBytes: options.maxQueuedBytes,
      // Once our close is out, the server's close must still be read: the socket keeps reading and drops instead.
      onFull: () => {
        if (!this.sendClosed) this.socket.pause()
      },
      onRoom: () => this.socket.resume(),
    })
    this.closed = new Promise<void>((resolve) => (this.markClosed = resolve))
    let resolveReady: (handshake: Handshake) => void = () => undefined
    let rejectReady: (error: unknown) => void = () => undefined
    this.ready = new Promise<Handshake>((resolve, reject) => {
      resolveReady = resolve
      rejectReady = reject
    })
    // Observed here so a connection nobody waits on fails quietly; callers await `ready` themselves.
    this.ready.catch(() => undefined)
    const settle = (outcome: { handshake: Handshake } | { error: unknown }): void => {
      if (this.settled) return
      this.settled = true
      if ('handshake' in outcome) resolveReady(outcome.handshake)
      else rejectReady(toSocketError(outcome.error, this.failureContext()))
    }
    this.socket = createSocket(request)
    const socket = this.socket
    socket.on('upgrade', (response: IncomingMessage) => (this.upgradeHeaders = headerRecord(response.headers)))
    socket.on('open', () => {
      this.frames.push({ type: 'headers', metadata: this.upgradeHeaders, sent: upgradeSent(request) }, 256)
      settle({ handshake: { kind: 'open', headers: this.upgradeHeaders, protocol: socket.protocol } })
    })
    socket.on('unexpected-response', (_request: ClientRequest, response: IncomingMessage) => {
      void readRefusal(response).then((handshake) => {
        settle({ handshake })
        socket.terminate()
      })
    })
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      this.receive(() => dataFrame(data, isBinary), frameCost(data.length, isBinary))
    })
    socket.on('ping', (data: Buffer) => this.receive(() => controlFrame('ping', data), frameCost(data.length, false)))
    socket.on('pong', (data: Buffer) => this.receive(() => controlFrame('pong', data), frameCost(data.length, false)))
    socket.on('error', (error: Error) => {
      if (!this.settled) settle({ error })
      else this.lastError ??= error
    })
    socket.on('close', (code: number, reason: Buffer) => {
      ctx.signal.removeEventListener('abort', this.onAbort)
      if (!this.settled) settle({ error: new Error('The connection closed before the handshake completed.') })
      this.frames.push(this.closeFrame(code, reason.toString('utf8')), 256)
      this.frames.finish()
      this.markClosed()
    })
    if (ctx.signal.aborted) this.abort()
    else ctx.signal.addEventListener('abort', this.onAbort, { once: true })
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN
  }

  /** Sends one message; false when the sending side is closed. Waits while too many bytes are still unwritten. */
  async send(message: Outgoing): Promise<boolean> {
    if (this.sendClosed || !this.isOpen) return false
    if (this.socket.bufferedAmount > this.options.maxBufferedSendBytes) {
      // Writes complete in order: once the last one is written, the backlog is gone (or the socket is).
      await Promise.race([this.lastWrite, this.closed])
      if (this.sendClosed || !this.isOpen) return false
    }
    const written = (resolve: (ok: boolean) => void) => (error?: Error | null) =>
      resolve(error === undefined || error === null)
    switch (message.kind) {
      case 'text':
      case 'binary': {
        const binary = message.kind === 'binary'
        this.lastWrite = new Promise<boolean>((resolve) => this.socket.send(message.data, { binary }, written(resolve)))
        return true
      }
      case 'ping':
        this.lastWrite = new Promise<boolean>((resolve) => this.socket.ping(message.data, undefined, written(resolve)))
        return true
      case 'close':
        this.sendClose(message.code, message.reason)
        return true
    }
  }

  /** Sends our close; from then on the socket reads on even when the queue is full, so the server's close arrives. */
  private sendClose(code: number | undefined, reason: string | undefined): void {
    this.sendClosed = true
    this.socket.close(code, reason)
    this.socket.resume()
  }

  /** Queues a received frame; after our close, a frame that finds the queue full is dropped and counted. */
  private receive(frame: () => StreamFrame, bytes: number): void {
    if (this.sendClosed && this.frames.isFull) this.dropped++
    else this.frames.push(frame(), bytes)
  }

  /** Sends a close (1000 unless given) and waits, bounded, for the server's; a server that does not answer is cut off. */
  async close(code = 1000, reason = ''): Promise<void> {
    if (!this.sendClosed && this.isOpen) this.sendClose(code, reason)
    this.sendClosed = true
    if (this.socket.readyState === WebSocket.CLOSED) return
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.closeTimeoutMs)))
    await Promise.race([this.closed, timedOut])
    clearTimeout(timer)
    this.socket.terminate()
  }

  /**
   * Closes politely while reading what still arrives (so a full queue cannot hold the server's close frame back),
   * handing each frame to `onFrame`; resolves with the end frame, or undefined when the connection was cut first.
   */
  async closeAndDrain(
    code = 1000,
    onFrame?: (frame: StreamFrame) => void,
  ): Promise<Extract<StreamFrame, { type: 'end' }> | undefined> {
    const [, end] = await Promise.all([this.close(code), this.drainToEnd(onFrame)])
    return end
  }

  private async drainToEnd(
    onFrame: ((frame: StreamFrame) => void) | undefined,
  ): Promise<Extract<StreamFrame, { type: 'end' }> | undefined> {
    for (;;) {
      const next = await this.frames.next()
      if (next.done === true) return undefined
      if (next.value.type === 'end') return next.value
      onFrame?.(next.value)
    }
  }

  /** Cuts the connection at once and drops what was queued. */
  dispose(): void {
    this.sendClosed = true
    this.ctx.signal.removeEventListener('abort', this.onAbort)
    this.frames.clear()
    this.socket.terminate()
  }

  /** Frames in arrival order; leaving early cuts the connection. */
  async *iterate(): AsyncGenerator<StreamFrame> {
    try {
      yield* this.frames.drain()
    } finally {
      if (!this.frames.isFinished) this.dispose()
    }
  }

  /** The end frame; when the client failed the connection itself, with the code it closed with and why. */
  private closeFrame(code: number, reason: string): StreamFrame {
    const frame = this.closeFrameOf(code, reason)
    if (this.dropped > 0 && frame.type === 'end')
      frame.details = { ...(frame.details as object), dropped: this.dropped }
    return frame
  }

  private closeFrameOf(code: number, reason: string): StreamFrame {
    const error = this.lastError
    if (!error) return endFrame(code, reason)
    const sent = code === 1006 ? failureCloseCode(error) : undefined
    return sent === undefined ? endFrame(code, reason, error.message) : endFrame(sent, error.message, error.message)
  }

  /** The signal fired: the frames end with its reason (a `timeout` at the deadline, else `cancelled`). */
  private abort(): void {
    this.sendClosed = true
    this.frames.finish({ error: toSocketError(this.ctx.signal.reason, this.failureContext()) })
    this.socket.terminate()
  }

  private failureContext() {
    return {
      url: this.request.displayUrl,
      signal: this.ctx.signal,
      clientCertificate: this.request.clientCertificate,
    }
  }
}

function createSocket(request: UpgradeRequest): WebSocket {
  try {
    return new WebSocket(request.wireUrl, request.protocols, request.clientOptions)
  } catch (cause) {
    // Neither message repeats a header value: metadata may hold a secret.
    if (cause instanceof SyntaxError && /subprotocol/i.test(cause.message)) {
      throw new WorkbenchError(
        'invalid_request',
        'The Sec-WebSocket-Protocol header lists an invalid or repeated subprotocol.',
        {
          cause,
          hint: "List subprotocol names (letters, digits and !#$%&'*+-.^_`|~) separated by commas, each once.",
        },
      )
    }
    throw new WorkbenchError(
      'invalid_request',
      'The upgrade request cannot be sent: a metadata header has an invalid name or value.',
      {
        cause,
        hint: 'Header names are tokens (letters, digits, -); values must not contain line breaks.',
      },
    )
  }
}

/** The status, headers and the start of the body of an upgrade the server refused. */
async function readRefusal(response: IncomingMessage): Promise<Handshake> {
  const chunks: Buffer[] = []
  let size = 0
  // A body that never ends must not hold the answer: the status and headers are what matter.
  const timer = setTimeout(() => response.destroy(), refusalBodyMs)
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk)
      size += chunk.length
      if (size >= maxRefusalBody) break
    }
  } catch {
    // A body cut short still leaves the status and headers to report.
  } finally {
    clearTimeout(timer)
  }
  return {
    kind: 'refused',
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    headers: headerRecord(response.headers),
    body: Buffer.concat(chunks).subarray(0, maxRefusalBody).toString('utf8'),
  }
}

/** The upgrade request as the live view's Request tab shows it: the address without credentials, headers masked. */
function upgradeSent(request: UpgradeRequest): SentRequest {
  const headers: Record<string, string> = { ...request.clientOptions.headers }
  if (request.protocols.length > 0) headers['sec-websocket-protocol'] = request.protocols.join(', ')
  return describeSentRequest({ method: 'GET', url: request.displayUrl, headers })
}
