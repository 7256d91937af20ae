/**
 * The catch-all: a hub protocol wrapped so that every message the server sends is seen, with its size on the wire,
 * before the official client dispatches it. The client itself hands server-to-client invocations only to handlers
 * registered by name and drops completions, pings and close errors it has no use for; here nothing is lost. What the
 * client has no use for is not handed on to it. What the client writes is seen too, as encoded.
 */
import { MessageType } from '@microsoft/signalr'
import type { HubMessage, IHubProtocol, ILogger } from '@microsoft/signalr'

export type MessageObserver = (message: HubMessage, bytes: number) => void
/** Sees each message the client writes, with the record it was encoded as. */
export type WriteObserver = (message: HubMessage, payload: string | ArrayBuffer) => void

const recordSeparator = '\u001e'

/** JSON records, each with its separator (the inner protocol requires it). */
function textRecords(input: string): string[] {
  // Most reads hold one record (a hub writes one WebSocket message per hub message): no split, no copy.
  if (input.indexOf(recordSeparator) === input.length - 1) return [input]
  const parts = input.split(recordSeparator)
  parts.pop()
  return parts.map((part) => part + recordSeparator)
}

/** MessagePack messages, each with its VarInt length prefix. */
function binaryRecords(input: ArrayBuffer): ArrayBuffer[] {
  const bytes = new Uint8Array(input)
  const records: ArrayBuffer[] = []
  let offset = 0
  while (offset < bytes.length) {
    let size = 0
    let read = 0
    let byte: number
    do {
      byte = bytes[offset + read] ?? 0
      size |= (byte & 0x7f) << (7 * read)
      read++
    } while ((byte & 0x80) !== 0 && read < 5 && offset + read < bytes.length)
    const end = Math.min(bytes.length, offset + read + size)
    records.push(input.slice(offset, end))
    offset = end
  }
  return records
}

/**
 * A server-to-client invocation that expects no result. No handler is ever registered by name on our connections
 * (the observer sees every message), so the client would only look one up, format a warning and allocate a promise
 * for it, for every broadcast message.
 * Invocations with an id stay: the client answers those with an error completion, as the server waits for one.
 */
function isUnhandled(message: HubMessage): boolean {
  return message.type === MessageType.Invocation && !message.invocationId
}

export function observedProtocol(
  inner: IHubProtocol,
  observe: MessageObserver,
  observeWrite: WriteObserver = () => undefined,
): IHubProtocol {
  return {
    name: inner.name,
    version: inner.version,
    transferFormat: inner.transferFormat,
    parseMessages(input: string | ArrayBuffer, logger: ILogger): HubMessage[] {
      const messages: HubMessage[] = []
      const records: Array<string | ArrayBuffer> = typeof input === 'string' ? textRecords(input) : binaryRecords(input)
      for (const record of records) {
        const bytes = typeof record === 'string' ? Buffer.byteLength(record) : record.byteLength
        for (const message of inner.parseMessages(record, logger)) {
          observe(message, bytes)
          if (!isUnhandled(message)) messages.push(message)
        }
      }
      return messages
    },
    writeMessage(message: HubMessage): string | ArrayBuffer {
      const payload = inner.writeMessage(message)
      observeWrite(message, payload)
      return payload
    },
  }
}
