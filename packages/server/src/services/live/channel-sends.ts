/**
 * The send side of one live channel: messages and the half-close run one after another, after the channel opened,
 * bounded in how many and how many bytes wait; each message is answered with `sent {ref, accepted}`.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Channel, LiveServerMessage, Logger } from '@wirebench/core'
import type { Outbox } from './outbox.js'
import { notAccepted, problemOf } from './problems.js'

/** Sends waiting behind one another on one channel. */
const maxPendingSends = 256

export interface ChannelSendsOptions {
  /** The live call's id. */
  id: string
  maxPendingSendBytes: number
  outbox: Outbox
  logger: Logger
  /** The open channel, once it is open; `undefined` while opening or after a failed open. */
  channel(): Channel | undefined
  isClosed(): boolean
  /** Marks activity for the call's idle timeout. */
  touch(): void
}

export class ChannelSends {
  private readonly options: ChannelSendsOptions
  /** Operations run one after another, after the channel opened. */
  private operations: Promise<unknown> = Promise.resolve()
  private pending = 0
  private pendingBytes = 0

  constructor(options: ChannelSendsOptions) {
    this.options = options
  }

  /** Operations queued from now on wait for `opening`. */
  after(opening: Promise<unknown>): void {
    this.operations = opening
  }

  send(ref: number, message: unknown, bytes: number): void {
    if (this.pending >= maxPendingSends) {
      this.refuse(
        ref,
        new WorkbenchError('payload_too_large', `More than ${maxPendingSends} messages are waiting to be sent.`, {
          hint: 'Wait for the `sent` answers of earlier messages before sending more.',
        }),
      )
      return
    }
    const { maxPendingSendBytes } = this.options
    if (this.pendingBytes > 0 && this.pendingBytes + bytes > maxPendingSendBytes) {
      this.refuse(
        ref,
        new WorkbenchError('busy', `More than ${maxPendingSendBytes} bytes of messages are waiting to be sent.`, {
          hint: 'Wait for the `sent` answers of earlier messages before sending more.',
        }),
      )
      return
    }
    this.pending++
    this.pendingBytes += bytes
    this.options.touch()
    this.operations = this.operations.then(async () => {
      this.pending--
      this.pendingBytes -= bytes
      const channel = this.options.channel()
      if (this.options.isClosed() || !channel) return
      const { id, logger } = this.options
      let answer: LiveServerMessage
      try {
        const accepted = await channel.send(message)
        this.options.touch()
        answer = accepted
          ? { op: 'sent', id, ref, accepted: true }
          : { op: 'sent', id, ref, accepted: false, problem: problemOf(notAccepted(), logger) }
      } catch (error) {
        answer = { op: 'sent', id, ref, accepted: false, problem: problemOf(error, logger) }
      }
      // `closed` is the last message of a call.
      if (!this.options.isClosed()) this.options.outbox.sendNow(answer)
    })
  }

  /** Half-closes the channel after the messages sent before it. */
  closeSend(): void {
    this.options.touch()
    this.operations = this.operations.then(async () => {
      const channel = this.options.channel()
      if (this.options.isClosed() || !channel) return
      try {
        await channel.closeSend()
      } catch (error) {
        if (!this.options.isClosed()) this.options.outbox.sendNow(errorMessage(this.options, error))
      }
    })
  }

  refuse(ref: number, error: WorkbenchError): void {
    const { id, logger } = this.options
    this.options.outbox.sendNow({ op: 'sent', id, ref, accepted: false, problem: problemOf(error, logger) })
  }
}

/** An `error` message for the call (it stays open). */
export function errorMessage(options: { id: string; logger: Logger }, error: unknown): LiveServerMessage {
  return { op: 'error', id: options.id, problem: problemOf(error, options.logger) }
}
