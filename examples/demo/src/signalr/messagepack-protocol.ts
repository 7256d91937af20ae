/**
 * The MessagePack hub protocol: each message is a MessagePack array (`[type, headers, …]`) behind a VarInt length
 * prefix, as HubProtocol.md lays out field by field.
 */
import { decode, encode } from '@msgpack/msgpack'
import { MessageType } from './hub-messages.js'
import type { Headers, HubMessage, HubProtocolCodec, Payload } from './hub-messages.js'

const resultKind = { error: 1, void: 2, nonVoid: 3 } as const

function frame(body: Uint8Array): Uint8Array {
  const prefix: number[] = []
  let size = body.length
  do {
    let part = size & 0x7f
    size >>>= 7
    if (size > 0) part |= 0x80
    prefix.push(part)
  } while (size > 0)
  const out = new Uint8Array(prefix.length + body.length)
  out.set(prefix, 0)
  out.set(body, prefix.length)
  return out
}

/** Splits a payload into message bodies by their VarInt length prefixes (at most 5 bytes: 2 GB). */
export function splitFrames(input: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = []
  let offset = 0
  while (offset < input.length) {
    let size = 0
    let shift = 0
    let byte: number
    let read = 0
    do {
      if (offset + read >= input.length || read === 5) throw new Error('Cannot read a MessagePack message size.')
      byte = input[offset + read] as number
      size |= (byte & 0x7f) << shift
      shift += 7
      read++
    } while ((byte & 0x80) !== 0)
    const start = offset + read
    if (start + size > input.length) throw new Error('Incomplete MessagePack message.')
    frames.push(input.subarray(start, start + size))
    offset = start + size
  }
  return frames
}

function toArray(message: HubMessage): unknown[] {
  switch (message.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const base = [
        message.type,
        message.headers ?? {},
        message.invocationId ?? null,
        message.target,
        message.arguments,
      ]
      return message.streamIds ? [...base, message.streamIds] : base
    }
    case MessageType.StreamItem:
      return [message.type, message.headers ?? {}, message.invocationId, message.item]
    case MessageType.Completion: {
      const head = [message.type, message.headers ?? {}, message.invocationId]
      if (message.error !== undefined) return [...head, resultKind.error, message.error]
      if (message.hasResult === true) return [...head, resultKind.nonVoid, message.result]
      return [...head, resultKind.void]
    }
    case MessageType.CancelInvocation:
      return [message.type, message.headers ?? {}, message.invocationId]
    case MessageType.Ping:
      return [MessageType.Ping]
    case MessageType.Close:
      return message.allowReconnect === undefined
        ? [message.type, message.error ?? null]
        : [message.type, message.error ?? null, message.allowReconnect]
  }
}

function fromArray(fields: unknown[]): HubMessage | undefined {
  const [type, headers, id] = fields as [number, Headers, string | null]
  switch (type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const message = {
        type,
        headers,
        target: fields[3] as string,
        arguments: fields[4] as unknown[],
        ...(id !== null ? { invocationId: id } : {}),
        ...(Array.isArray(fields[5]) && fields[5].length > 0 ? { streamIds: fields[5] as string[] } : {}),
      }
      return message as HubMessage
    }
    case MessageType.StreamItem:
      return { type, headers, invocationId: id as string, item: fields[3] }
    case MessageType.Completion: {
      const kind = fields[3]
      if (kind === resultKind.error) return { type, headers, invocationId: id as string, error: fields[4] as string }
      if (kind === resultKind.nonVoid) {
        return { type, headers, invocationId: id as string, result: fields[4], hasResult: true }
      }
      return { type, headers, invocationId: id as string }
    }
    case MessageType.CancelInvocation:
      return { type, headers, invocationId: id as string }
    case MessageType.Ping:
      return { type }
    case MessageType.Close:
      return { type, ...(typeof fields[1] === 'string' ? { error: fields[1] } : {}) }
    default:
      // Ack and Sequence (stateful reconnect) and unknown types are ignored, as the spec allows.
      return undefined
  }
}

function parse(input: Payload): HubMessage[] {
  if (typeof input === 'string') throw new Error('The MessagePack hub protocol needs binary payloads.')
  return splitFrames(input).flatMap((body) => {
    const fields = decode(body)
    if (!Array.isArray(fields) || fields.length === 0) throw new Error('A MessagePack hub message must be an array.')
    const message = fromArray(fields)
    return message ? [message] : []
  })
}

export const messagePackProtocol: HubProtocolCodec = {
  name: 'messagepack',
  transferFormat: 'Binary',
  write: (message) => frame(encode(toArray(message))),
  parse,
}
