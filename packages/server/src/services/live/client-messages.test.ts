import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { messageId, parseClientMessage } from './client-messages.js'

const target = { protocol: 'grpc', url: 'http://127.0.0.1:1', service: 'S', method: 'M' }

function problemOf(text: string): string {
  try {
    parseClientMessage(text)
  } catch (error) {
    expect(error).toBeInstanceOf(WorkbenchError)
    expect((error as WorkbenchError).code).toBe('invalid_request')
    return (error as WorkbenchError).message
  }
  throw new Error('expected a refusal')
}

describe('live client messages', () => {
  it('accepts every op of the protocol', () => {
    const messages = [
      {
        op: 'stream.open',
        id: 's',
        messages: [{}],
        ...target,
        metadata: { a: 'b' },
        timeoutMs: 5,
        overflow: 'drop-oldest',
      },
      { op: 'channel.open', id: 'c', ...target, serverUrl: 'http://127.0.0.1:2' },
      { op: 'channel.send', id: 'c', ref: 1, message: null },
      { op: 'channel.closeSend', id: 'c' },
      { op: 'cancel', id: 'c' },
      { op: 'ack', id: 's', seq: 0 },
    ]
    for (const message of messages) expect(parseClientMessage(JSON.stringify(message))).toEqual(message)
  })

  it('names what is wrong', () => {
    expect(problemOf('nope')).toBe('The live message is not valid JSON.')
    expect(problemOf('[1]')).toBe('A live message must be a JSON object.')
    expect(problemOf('{"id":"x"}')).toBe('The live message has no "op" string.')
    expect(problemOf('{"op":"launch","id":"x"}')).toBe('Unknown live op "launch".')
    expect(problemOf('{"op":"toString","id":"x"}')).toBe('Unknown live op "toString".')
    expect(problemOf(JSON.stringify({ op: 'ack', id: 'x', seq: 1.5 }))).toBe(
      'Invalid ack message: seq must be integer.',
    )
    expect(problemOf(JSON.stringify({ op: 'channel.send', id: 'x', ref: 1 }))).toBe(
      "Invalid channel.send message: the message must have required property 'message'.",
    )
    expect(problemOf(JSON.stringify({ op: 'cancel', id: '' }))).toContain('id must NOT have fewer than 1 characters')
    expect(problemOf(JSON.stringify({ op: 'channel.open', id: 'x', ...target, overflow: 'grow' }))).toContain(
      'overflow must be equal to one of the allowed values',
    )
  })

  it('validates the call address as /api/invoke does', () => {
    expect(problemOf(JSON.stringify({ op: 'channel.open', id: 'x', ...target, protocol: '' }))).toContain('protocol')
    expect(problemOf(JSON.stringify({ op: 'channel.open', id: 'x', ...target, timeoutMs: 0 }))).toContain('timeoutMs')
    expect(problemOf(JSON.stringify({ op: 'channel.open', id: 'x', ...target, metadata: { a: 1 } }))).toContain(
      'metadata.a must be string',
    )
    expect(problemOf(JSON.stringify({ op: 'channel.open', id: 'x', ...target, token: 't' }))).toContain(
      'unknown field "token"',
    )
  })

  it('finds the id of a malformed message so the error can name its call', () => {
    expect(messageId({ op: 'ack', id: 'c1' })).toBe('c1')
    expect(messageId({ id: 7 })).toBeUndefined()
    expect(messageId({ id: 'x'.repeat(200) })).toBeUndefined()
    expect(messageId(null)).toBeUndefined()
  })
})
