/**
 * Sizes on the wire, per call: what the client wrote for an invocation (the record as the hub protocol encoded it,
 * JSON text or MessagePack bytes) and the size of each answer the hub sent to it (stream items, the completion). The
 * official client keeps neither; the observed protocol sees both.
 */
import { MessageType } from '@microsoft/signalr'
import type { HubMessage } from '@microsoft/signalr'

/** One hub message as the client wrote it. */
export interface WrittenMessage {
  message: HubMessage
  /** Bytes of the record: JSON with its record separator, or MessagePack with its length prefix. */
  bytes: number
  /** The JSON record without its separator (JSON protocol only). */
  text?: string
}

/** A value the hub sent with the size of the message that carried it. */
export interface Received {
  value: unknown
  bytes: number | undefined
}

const separator = '\u001e'

export class MessageSizes {
  private last: WrittenMessage | undefined
  private readonly answers = new Map<string, number[]>()

  /** The write observer of the hub protocol. */
  written(message: HubMessage, payload: string | ArrayBuffer): void {
    if (typeof payload === 'string') {
      const text = payload.endsWith(separator) ? payload.slice(0, -1) : payload
      this.last = { message, bytes: Buffer.byteLength(payload), text }
    } else this.last = { message, bytes: payload.byteLength }
  }

  /** The read observer: the size of each answer to a tracked invocation, in the order they arrived. */
  received(message: HubMessage, bytes: number): void {
    if (message.type !== MessageType.StreamItem && message.type !== MessageType.Completion) return
    this.answers.get(message.invocationId)?.push(bytes)
  }

  /**
   * Runs `start`, which writes its invocation before it returns (the client encodes and hands a message to the
   * transport synchronously), and answers with what it wrote; the invocation's answers are measured from then on.
   */
  capture<T>(start: () => T): { value: T; sent: WrittenMessage | undefined } {
    this.last = undefined
    const value = start()
    const sent = this.last as WrittenMessage | undefined
    this.last = undefined
    const id = invocationIdOf(sent)
    if (id !== undefined) this.answers.set(id, [])
    return { value, sent }
  }

  /** The size of the next answer to the invocation `sent` started, in arrival order. */
  next(sent: WrittenMessage | undefined): number | undefined {
    const id = invocationIdOf(sent)
    return id === undefined ? undefined : this.answers.get(id)?.shift()
  }

  /** Stops measuring the invocation's answers. */
  release(sent: WrittenMessage | undefined): void {
    const id = invocationIdOf(sent)
    if (id !== undefined) this.answers.delete(id)
  }
}

function invocationIdOf(sent: WrittenMessage | undefined): string | undefined {
  return sent !== undefined && 'invocationId' in sent.message ? sent.message.invocationId : undefined
}
