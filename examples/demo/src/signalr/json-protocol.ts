/** The JSON hub protocol: one JSON object per message, each ended by the record separator 0x1E. */
import { MessageType, recordSeparator } from './hub-messages.js'
import type { HubMessage, HubProtocolCodec, Payload } from './hub-messages.js'

function toText(input: Payload): string {
  return typeof input === 'string' ? input : Buffer.from(input).toString('utf8')
}

function write(message: HubMessage): string {
  if (message.type === MessageType.Completion) {
    const { hasResult, result, ...rest } = message
    // A void completion carries neither `result` nor `error`; `result: null` is a value.
    const body = hasResult === true && rest.error === undefined ? { ...rest, result } : rest
    return JSON.stringify(body) + recordSeparator
  }
  return JSON.stringify(message) + recordSeparator
}

function parse(input: Payload): HubMessage[] {
  const text = toText(input)
  if (!text.endsWith(recordSeparator)) throw new Error('A JSON hub message must end with the record separator.')
  return text
    .split(recordSeparator)
    .slice(0, -1)
    .map((record) => {
      const message = JSON.parse(record) as HubMessage & { result?: unknown }
      if (typeof message !== 'object' || message === null || typeof message.type !== 'number') {
        throw new Error('A JSON hub message must be an object with a numeric type.')
      }
      if (message.type === MessageType.Completion && 'result' in message) message.hasResult = true
      return message
    })
}

export const jsonProtocol: HubProtocolCodec = { name: 'json', transferFormat: 'Text', write, parse }
