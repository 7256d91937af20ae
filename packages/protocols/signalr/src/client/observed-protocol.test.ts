import { JsonHubProtocol, MessageType, NullLogger } from '@microsoft/signalr'
import type { HubMessage } from '@microsoft/signalr'
import { describe, expect, it } from 'vitest'
import { observedProtocol } from './observed-protocol.js'

const separator = '\u001e'
const record = (message: object) => JSON.stringify(message) + separator
const broadcast = record({ type: MessageType.Invocation, target: 'Tick', arguments: [{ n: 1 }] })
const clientResult = record({ type: MessageType.Invocation, target: 'Ask', arguments: [], invocationId: '7' })
const completion = record({ type: MessageType.Completion, invocationId: '3', result: 42 })

function observe() {
  const seen: Array<{ message: HubMessage; bytes: number }> = []
  const protocol = observedProtocol(new JsonHubProtocol(), (message, bytes) => seen.push({ message, bytes }))
  return { protocol, seen }
}

describe('observedProtocol', () => {
  it('shows every message with its size and hands the client only what it acts on', () => {
    const { protocol, seen } = observe()
    const handed = protocol.parseMessages(broadcast + clientResult + completion, NullLogger.instance)
    expect(seen.map(({ message }) => message.type)).toEqual([
      MessageType.Invocation,
      MessageType.Invocation,
      MessageType.Completion,
    ])
    expect(seen.map(({ bytes }) => bytes)).toEqual(
      [broadcast, clientResult, completion].map((r) => Buffer.byteLength(r)),
    )
    // A broadcast has no handler on our connections; an invocation with an id still gets the client's error reply.
    expect(handed).toEqual([seen[1]?.message, seen[2]?.message])
  })

  it('reads a single record as it came, multi-byte text sized in bytes', () => {
    const { protocol, seen } = observe()
    const text = record({ type: MessageType.Invocation, target: 'Tick', arguments: ['Grüße ✓'] })
    expect(protocol.parseMessages(text, NullLogger.instance)).toEqual([])
    expect(seen).toEqual([
      {
        message: { type: MessageType.Invocation, target: 'Tick', arguments: ['Grüße ✓'] },
        bytes: Buffer.byteLength(text),
      },
    ])
  })
})
