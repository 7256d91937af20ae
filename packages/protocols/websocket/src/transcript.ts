/**
 * The transcript of a unary exchange: what was sent and what came back, in the order the client saw it. A WebSocket
 * has no request/reply pairing of its own (a server may greet first, push, or answer twice), so the answer shows the
 * exchange instead of labelling any frame as the reply to a message.
 */
import type { StreamFrame } from '@wirebench/core'
import type { Outgoing } from './send-message.js'

export type MessageFrame = Extract<StreamFrame, { type: 'message' }>

export type TranscriptEntry = { sent: unknown } | { received: unknown }

export interface Transcript {
  readonly entries: TranscriptEntry[]
  /** The data frames received, in order (pings and pongs are left out). */
  readonly received: MessageFrame[]
  /** Payload bytes of the data frames received. */
  readonly receivedBytes: number
  /** A data frame passed the byte budget: it and everything after it is not kept. */
  readonly truncated: boolean
  sent(message: Outgoing): void
  /** Records a frame; true when it was a data frame (text or binary). */
  receive(frame: MessageFrame): boolean
}

export function createTranscript(maxBytes: number): Transcript {
  const entries: TranscriptEntry[] = []
  const received: MessageFrame[] = []
  let receivedBytes = 0
  let truncated = false
  return {
    entries,
    received,
    get receivedBytes() {
      return receivedBytes
    },
    get truncated() {
      return truncated
    },
    sent(message) {
      entries.push({ sent: sentValue(message) })
    },
    receive(frame) {
      const opcode = frame.meta?.opcode
      if (opcode !== 'text' && opcode !== 'binary') return false
      if (truncated) return true
      receivedBytes += frameBytes(frame)
      if (receivedBytes > maxBytes) {
        truncated = true
        return true
      }
      received.push(frame)
      entries.push({ received: replyValue(frame) })
      return true
    },
  }
}

export function frameBytes(frame: MessageFrame): number {
  return Number(frame.meta?.bytes ?? 0)
}

/** A received frame's value: the data (text JSON-parsed when it parses), or `{ binary }` (base64). */
export function replyValue(frame: MessageFrame): unknown {
  return frame.binary === undefined ? frame.data : { binary: frame.binary }
}

/** A sent message as the user would write it: text as is, other kinds as their one-key object. */
function sentValue(message: Outgoing): unknown {
  switch (message.kind) {
    case 'text':
      return message.data
    case 'binary':
      return { binary: message.data.toString('base64') }
    case 'ping':
      return { ping: message.data }
    case 'close':
      return { close: { code: message.code, ...(message.reason === '' ? {} : { reason: message.reason }) } }
  }
}
