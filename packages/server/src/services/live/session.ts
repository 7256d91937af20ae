/**
 * One browser tab's live socket: decodes its messages, opens, feeds, acknowledges and cancels its calls within the
 * socket's limits, and cancels every upstream call when the socket goes away. Bad input is answered with an `error`
 * message; the socket stays up.
 */
import { WorkbenchError } from '@wirebench/core'
import type { LiveClientMessage, LiveServerMessage, Logger, OutboundPolicy } from '@wirebench/core'
import type { AiChatRunner } from '../ai-chat.js'
import type { HistoryRecorder } from '../history-recorder.js'
import { resolveCall } from '../invoke.js'
import type { ResolvedCall } from '../invoke.js'
import type { PluginRegistry } from '../plugin-registry.js'
import { ByteBudget } from './byte-budget.js'
import { CallRegistry } from './call-registry.js'
import { messageId, parseClientMessage } from './client-messages.js'
import { LiveCall } from './live-call.js'
import { Outbox } from './outbox.js'
import type { LiveSink, OutboxOptions } from './outbox.js'
import { problemOf } from './problems.js'

export interface LiveSessionLimits {
  maxCalls: number
  maxMessageBytes: number
  idleTimeoutMs: number
  maxQueuedFrames: number
  /** Frames sent ahead of the browser's last ack (capped at `LIVE_ACK_WINDOW`). */
  ackWindow: number
  /** Upper bound on a call's requested `timeoutMs`. */
  maxTimeoutMs: number
  maxResponseBytes: number
  /** Bytes one call may hold queued. */
  maxQueuedBytes: number
  /** Bytes all calls of the socket may hold queued together. */
  maxSocketQueuedBytes: number
  /** A frame larger than this is replaced by one saying it was too large to relay live. */
  maxFrameBytes: number
  /** Bytes of `channel.send` messages one call may hold waiting to be sent. */
  maxPendingSendBytes: number
}

export interface LiveSessionOptions {
  sink: LiveSink
  registry: PluginRegistry
  outboundPolicy: OutboundPolicy
  limits: LiveSessionLimits
  logger: Logger
  outbox?: OutboxOptions
  /** Records calls opened with a `history` template when they close. */
  recorder?: HistoryRecorder
  /** The AI package's chat; without it `ai.chat` is answered `unsupported`. */
  aiChat?: AiChatRunner
}

type OpenMessage = Extract<LiveClientMessage, { op: 'stream.open' | 'channel.open' }>

export class LiveSession {
  private readonly options: LiveSessionOptions
  private readonly outbox: Outbox
  private readonly calls = new CallRegistry<LiveCall>()
  /** Chats in progress, by id: `cancel` and a closing socket abort them. */
  private readonly chats = new Map<string, AbortController>()
  private readonly budget: ByteBudget
  private closed = false

  constructor(options: LiveSessionOptions) {
    this.options = options
    this.outbox = new Outbox(options.sink, options.outbox)
    this.budget = new ByteBudget(options.limits.maxSocketQueuedBytes)
  }

  get openCalls(): number {
    return this.calls.size
  }

  /** Handles one inbound WebSocket message. */
  receive(data: Buffer | string, isBinary: boolean): void {
    if (this.closed) return
    if (isBinary) {
      this.reject(new WorkbenchError('invalid_request', 'Live messages are JSON text frames, not binary ones.'))
      return
    }
    const text = typeof data === 'string' ? data : data.toString('utf8')
    // ws enforces the same bound (maxPayload); this covers a socket whose server another plugin configured.
    if (text.length > this.options.limits.maxMessageBytes) {
      this.reject(new WorkbenchError('payload_too_large', 'The live message is larger than the server accepts.'))
      return
    }
    let message: LiveClientMessage
    try {
      message = parseClientMessage(text)
    } catch (error) {
      this.reject(error, idOf(text))
      return
    }
    this.dispatch(message, Buffer.byteLength(text, 'utf8'))
  }

  /** The socket is gone: every upstream call is cancelled (nothing more is sent). */
  close(): void {
    if (this.closed) return
    this.closed = true
    const calls = this.calls.drain()
    const reason = new WorkbenchError('cancelled', 'The browser closed the live connection.')
    for (const chat of this.chats.values()) chat.abort(reason)
    this.chats.clear()
    for (const call of calls) call.cancel(reason, { notify: false, problem: false })
    this.options.logger.debug('live socket closed', { cancelledCalls: calls.length })
  }

  /** `bytes`: the size of the message as received, which a queued `channel.send` counts against its call. */
  private dispatch(message: LiveClientMessage, bytes: number): void {
    switch (message.op) {
      case 'stream.open':
      case 'channel.open':
        this.open(message)
        return
      case 'channel.send': {
        const call = this.callFor(message.id, message.op)
        call?.send(message.ref, message.message, bytes)
        return
      }
      case 'channel.closeSend':
        this.callFor(message.id, message.op)?.closeSend()
        return
      case 'ack':
        this.callFor(message.id, message.op)?.acknowledge(message.seq)
        return
      case 'cancel':
        if (this.chats.has(message.id)) {
          this.chats.get(message.id)?.abort(new WorkbenchError('cancelled', 'Cancelled by the browser.'))
          return
        }
        this.callFor(message.id, message.op)?.cancel(new WorkbenchError('cancelled', 'Cancelled by the browser.'), {
          notify: true,
          problem: false,
        })
        return
      case 'ai.chat':
        this.chat(message)
        return
    }
  }

  /** Streams a chat: `ai.delta` as text arrives, then `ai.done`; a failure is an `error` with the chat's id. */
  private chat(message: Extract<LiveClientMessage, { op: 'ai.chat' }>): void {
    const run = this.options.aiChat
    if (!run) {
      this.reject(
        new WorkbenchError('unsupported', 'This workbench has no AI package: the assistant is not available.', {
          hint: 'Start the standalone workbench (it bundles the AI package), or add it to the embedding host.',
        }),
        message.id,
      )
      return
    }
    if (this.chats.has(message.id) || this.calls.has(message.id)) {
      this.reject(new WorkbenchError('conflict', `A call with id "${message.id}" is already open.`), message.id)
      return
    }
    const { id } = message
    const controller = new AbortController()
    this.chats.set(id, controller)
    run(message.request, {
      signal: controller.signal,
      onDelta: (text) => {
        if (!this.closed) this.outbox.sendNow({ op: 'ai.delta', id, text })
      },
    })
      .then(
        (answer) => {
          if (!this.closed) this.outbox.sendNow({ op: 'ai.done', id, answer })
        },
        (error: unknown) => {
          if (!this.closed) this.reject(error, id)
        },
      )
      .finally(() => this.chats.delete(id))
  }

  private open(message: OpenMessage): void {
    const { limits } = this.options
    if (this.calls.has(message.id)) {
      this.reject(
        new WorkbenchError('conflict', `A call with id "${message.id}" is already open on this socket.`),
        message.id,
      )
      return
    }
    if (this.calls.size >= limits.maxCalls) {
      this.reject(
        new WorkbenchError('conflict', `At most ${limits.maxCalls} live calls may be open on one connection.`, {
          hint: 'Close or cancel a stream or channel before opening another.',
        }),
        message.id,
      )
      return
    }
    const kind = message.op === 'stream.open' ? 'stream' : 'channel'
    let resolved: ResolvedCall
    try {
      resolved = resolveCall(message, message.op === 'stream.open' ? message.messages : [], this.options)
    } catch (error) {
      // An unknown protocol or a refused serverUrl: the call ends before it began.
      this.outbox.sendNow({ op: 'closed', id: message.id, problem: problemOf(error, this.options.logger) })
      this.calls.remember(message.id)
      return
    }
    const recordEnd = message.history ? this.options.recorder?.live(message.history, kind) : undefined
    const call = new LiveCall({
      id: message.id,
      kind,
      plugin: resolved.plugin,
      call: resolved.call,
      metadata: message.metadata,
      // `null` passes the shared `/api/invoke` field schema; like there, it means no timeout was given.
      timeoutMs: message.timeoutMs == null ? undefined : Math.min(message.timeoutMs, limits.maxTimeoutMs),
      idleTimeoutMs: limits.idleTimeoutMs,
      overflow: message.overflow ?? 'pause',
      ackWindow: limits.ackWindow,
      limits: { maxQueuedFrames: limits.maxQueuedFrames, maxResponseBytes: limits.maxResponseBytes },
      bytes: {
        maxQueuedBytes: limits.maxQueuedBytes,
        maxFrameBytes: limits.maxFrameBytes,
        maxPendingSendBytes: limits.maxPendingSendBytes,
      },
      budget: this.budget,
      outbox: this.outbox,
      logger: this.options.logger,
      onClosed: (closedCall, outcome) => {
        this.calls.remove(closedCall.id)
        recordEnd?.({ outcome, frames: closedCall.queue.sent, bytes: closedCall.queue.sentBytes })
        this.options.logger.debug('live call closed', {
          call: closedCall.id,
          kind,
          outcome,
          frames: closedCall.queue.sent,
          dropped: closedCall.queue.dropped,
        })
      },
    })
    this.calls.add(message.id, call)
    this.options.logger.debug('live call opened', {
      call: message.id,
      kind,
      protocol: message.protocol,
      service: message.service,
      method: message.method,
      overflow: message.overflow ?? 'pause',
    })
    call.start()
  }

  /** The open call `id`; otherwise answers the browser (unless the id closed a moment ago) and returns undefined. */
  private callFor(id: string, op: LiveClientMessage['op']): LiveCall | undefined {
    const call = this.calls.get(id)
    if (call) return call
    // Acks and cancels cross a `closed` in flight; sends to a closed call are answered so the composer knows.
    if (this.calls.wasRecentlyClosed(id) && (op === 'ack' || op === 'cancel')) return undefined
    const closedAlready = this.calls.wasRecentlyClosed(id)
    this.reject(
      new WorkbenchError('not_found', closedAlready ? `Call "${id}" is over.` : `No open call has id "${id}".`, {
        hint: closedAlready ? 'Open the call again to send more.' : 'Open a stream or channel with this id first.',
      }),
      id,
    )
    return undefined
  }

  private reject(error: unknown, id?: string): void {
    const message: LiveServerMessage = { op: 'error', problem: problemOf(error, this.options.logger) }
    if (id !== undefined) message.id = id
    this.outbox.sendNow(message)
  }
}

/** The id of a message that failed validation, when it has one, so the error reaches the call's owner. */
function idOf(text: string): string | undefined {
  try {
    return messageId(JSON.parse(text))
  } catch {
    return undefined
  }
}
