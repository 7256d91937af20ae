/**
 * One live call on a socket: a server stream (`plugin.invokeStream`) or a channel (`plugin.openChannel`), pumped into
 * its FrameQueue under flow control, bounded by its deadline or an idle timeout, and cancelled through its signal.
 */
import { LIVE_ACK_WINDOW, WorkbenchError } from '@wirebench/core'
import type {
  Call,
  CallContext,
  CallLimits,
  Channel,
  Logger,
  LiveOverflowPolicy,
  LiveServerMessage,
  ProtocolPlugin,
  StreamFrame,
} from '@wirebench/core'
import { callError, createCallContext } from '../deadline.js'
import type { ByteBudget } from './byte-budget.js'
import { CallTimer } from './call-timer.js'
import { ChannelSends, errorMessage } from './channel-sends.js'
import { FrameQueue } from './frame-queue.js'
import type { Outbox, OutboxStream } from './outbox.js'
import { problemOf, unsupported } from './problems.js'

export type LiveCallKind = 'stream' | 'channel'

export interface LiveCallOptions {
  id: string
  kind: LiveCallKind
  plugin: ProtocolPlugin
  call: Call
  metadata?: Record<string, string> | undefined
  /** The call's deadline; without one, `idleTimeoutMs` bounds it. */
  timeoutMs?: number | undefined
  idleTimeoutMs: number
  overflow: LiveOverflowPolicy
  /** Frames sent ahead of the browser's last ack; never more than the protocol's `LIVE_ACK_WINDOW`. */
  ackWindow: number
  limits: Pick<CallLimits, 'maxQueuedFrames' | 'maxResponseBytes'>
  /** Byte bounds of the call's queue and of one frame, and of the messages waiting to be sent on a channel. */
  bytes: { maxQueuedBytes: number; maxFrameBytes: number; maxPendingSendBytes: number }
  /** The socket's byte budget, shared by its calls' queues. */
  budget: ByteBudget
  outbox: Outbox
  /** The plugin's logger (ctx.logger) and the server's own. */
  logger: Logger
  /** Runs once when the call is over, whichever way it ended. */
  onClosed(call: LiveCall, outcome: string): void
}

/** Upstream pulls between yields to the event loop, so a producer that never waits cannot starve the socket. */
const pullsPerYield = 256

type State = 'running' | 'finishing' | 'closed'

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export class LiveCall implements OutboxStream {
  readonly id: string
  readonly kind: LiveCallKind
  readonly queue: FrameQueue
  private readonly options: LiveCallOptions
  private readonly controller = new AbortController()
  private state: State = 'running'
  private problem: LiveServerMessage & { op: 'closed' } = { op: 'closed', id: '' }
  private outcome = 'ok'
  private channel: Channel | undefined
  private iterator: AsyncIterator<StreamFrame> | undefined
  private readonly sends: ChannelSends
  private timer: CallTimer | undefined

  constructor(options: LiveCallOptions) {
    this.options = options
    this.id = options.id
    this.kind = options.kind
    this.problem.id = options.id
    this.queue = new FrameQueue({
      policy: options.overflow,
      capacity: options.limits.maxQueuedFrames,
      capacityBytes: options.bytes.maxQueuedBytes,
      maxFrameBytes: options.bytes.maxFrameBytes,
      budget: options.budget,
      window: Math.min(options.ackWindow, LIVE_ACK_WINDOW),
    })
    this.sends = new ChannelSends({
      id: options.id,
      maxPendingSendBytes: options.bytes.maxPendingSendBytes,
      outbox: options.outbox,
      logger: options.logger,
      channel: () => this.channel,
      isClosed: () => this.isClosed,
      touch: () => this.touch(),
    })
  }

  /** Marks activity for the idle timeout; returns the time. */
  private touch(): number {
    return this.timer?.touch() ?? Date.now()
  }

  get isClosed(): boolean {
    return this.state === 'closed'
  }

  /** Opens the upstream call; every failure ends the call with a `closed` problem. */
  start(): void {
    let ctx: CallContext
    try {
      ctx = createCallContext({
        abort: this.controller.signal,
        timeoutMs: this.options.timeoutMs,
        fallbackTimeoutMs: this.options.idleTimeoutMs,
        metadata: this.options.metadata,
        logger: this.options.logger,
        limits: this.options.limits,
      })
    } catch (error) {
      this.end(WorkbenchError.from(error, 'invalid_request'))
      return
    }
    this.timer = new CallTimer({
      timeoutMs: this.options.timeoutMs,
      idleTimeoutMs: this.options.idleTimeoutMs,
      onExpire: (error) => this.end(error),
    })
    if (this.kind === 'stream') this.startStream(ctx)
    else this.startChannel(ctx)
  }

  private startStream(ctx: CallContext): void {
    const { plugin, call } = this.options
    if (!plugin.invokeStream) {
      this.end(unsupported(plugin, 'server streams'))
      return
    }
    let frames: AsyncIterable<StreamFrame>
    try {
      frames = plugin.invokeStream(call, ctx)
    } catch (error) {
      this.end(callError(this.controller.signal, error))
      return
    }
    this.options.outbox.sendNow({ op: 'opened', id: this.id, clientStreaming: false, serverStreaming: true })
    void this.pump(() => frames)
  }

  private startChannel(ctx: CallContext): void {
    const { plugin, call } = this.options
    if (!plugin.openChannel) {
      this.end(unsupported(plugin, 'channels'))
      return
    }
    const opening = Promise.resolve()
      .then(() => plugin.openChannel!(call, ctx))
      .then(
        (channel) => {
          if (this.state === 'closed') {
            void channel.dispose().catch(() => undefined)
            return
          }
          this.channel = channel
          const { clientStreaming, serverStreaming } = channel
          this.options.outbox.sendNow({ op: 'opened', id: this.id, clientStreaming, serverStreaming })
          void this.pump(() => channel.frames())
        },
        (error: unknown) => this.end(callError(this.controller.signal, error)),
      )
    this.sends.after(opening)
  }

  /** Pulls upstream frames into the queue; under `pause` only while the queue has room. */
  private async pump(source: () => AsyncIterable<StreamFrame>): Promise<void> {
    let error: unknown
    let failed = false
    try {
      // Inside the try: a plugin whose `frames()` throws ends the call with a problem.
      const iterator = source()[Symbol.asyncIterator]()
      this.iterator = iterator
      for (let pulls = 1; ; pulls++) {
        if (!this.queue.hasRoom) await this.queue.waitForRoom()
        if (this.state !== 'running') return
        const next = await iterator.next()
        if (this.state !== 'running') return
        if (next.done === true) break
        this.queue.push(next.value, this.touch())
        this.options.outbox.wake(this)
        if (next.value.type === 'end') {
          void Promise.resolve(iterator.return?.()).catch(() => undefined)
          break
        }
        if (pulls % pullsPerYield === 0) await yieldTurn()
      }
    } catch (caught) {
      failed = true
      error = caught
    }
    if (this.state !== 'running') return
    // The queued frames still go out (in order, under flow control), then `closed`.
    this.state = 'finishing'
    if (failed) this.setProblem(callError(this.controller.signal, error))
    this.options.outbox.wake(this)
  }

  /** `channel.send`: answered with `sent {ref, accepted}` once the channel took (or refused) the message. */
  send(ref: number, message: unknown, bytes: number): void {
    if (this.kind === 'channel') this.sends.send(ref, message, bytes)
    else
      this.sends.refuse(
        ref,
        new WorkbenchError('invalid_request', `Call "${this.id}" is a server stream; it takes no messages.`),
      )
  }

  /** `channel.closeSend`: half-closes the channel after the messages sent before it. */
  closeSend(): void {
    if (this.kind === 'channel') this.sends.closeSend()
    else {
      const error = new WorkbenchError('invalid_request', `Call "${this.id}" is a server stream; it has no send side.`)
      this.options.outbox.sendNow(errorMessage(this.options, error))
    }
  }

  acknowledge(seq: number): void {
    // A browser acking frames is activity: a call draining to a slow tab is not idle.
    this.touch()
    if (this.queue.acknowledge(seq)) this.options.outbox.wake(this)
  }

  /**
   * Ends the call now: aborts its signal (the upstream sees the cancellation), discards queued frames and, when
   * `notify`, answers `closed` (with a problem unless `reason` is a plain cancel by the browser).
   */
  cancel(reason: WorkbenchError, options: { notify: boolean; problem: boolean }): void {
    if (this.state === 'closed') return
    this.outcome = reason.code
    if (options.problem) this.setProblem(reason)
    this.close(reason)
    this.options.outbox.forget(this)
    if (options.notify) this.options.outbox.sendNow(this.problem)
  }

  /** Called by the outbox once the queue is empty. */
  takeClosing(): LiveServerMessage | undefined {
    if (this.state !== 'finishing') return undefined
    this.close(new WorkbenchError('cancelled', 'The call is over.'))
    return this.problem
  }

  noteSent(): void {
    this.touch()
  }

  private end(error: WorkbenchError): void {
    this.cancel(error, { notify: true, problem: true })
  }

  private setProblem(error: WorkbenchError): void {
    this.outcome = error.code
    this.problem = { op: 'closed', id: this.id, problem: problemOf(error, this.options.logger) }
  }

  private close(reason: WorkbenchError): void {
    this.state = 'closed'
    this.timer?.stop()
    // Aborting after a normal end is harmless and releases anything the plugin still holds on the signal.
    this.controller.abort(reason)
    this.queue.clear()
    void Promise.resolve(this.iterator?.return?.()).catch(() => undefined)
    void this.channel?.dispose().catch((error: unknown) => {
      this.options.logger.warn('live channel dispose failed', { call: this.id, error: String(error) })
    })
    this.options.onClosed(this, this.outcome)
  }
}
