import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { parseEvents } from './parse-events.js'
import type { ServerSentEvent } from './parse-events.js'

function chunks(...parts: (string | Uint8Array)[]): AsyncIterable<Uint8Array> {
  return Readable.from(parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : part)))
}

async function collect(source: AsyncIterable<Uint8Array>, maxEventBytes = 1024): Promise<ServerSentEvent[]> {
  const out: ServerSentEvent[] = []
  for await (const event of parseEvents(source, { maxEventBytes, displayUrl: 'http://x/events' })) out.push(event)
  return out
}

async function timeline(source: AsyncIterable<Uint8Array>): Promise<string[]> {
  const out: string[] = []
  for await (const event of parseEvents(source, {
    maxEventBytes: 1024,
    displayUrl: 'u',
    onLastEventId: (id) => out.push(`last-id ${id}`),
  })) {
    out.push(`event ${event.id ?? '-'} ${event.data}`)
  }
  return out
}

describe('parseEvents', () => {
  it('reports the id of a block without data in order with the events around it, whatever the line endings', async () => {
    expect(await timeline(chunks('id: 1\ndata: a\n\nid: 7\n\nid: 8\ndata: b\n\nid: 9\n\n'))).toEqual([
      'event 1 a',
      'last-id 7',
      'event 8 b',
      'last-id 9',
    ])
    expect(await timeline(chunks('id: 3\r', '\n\r', '\ndata: c\r\rid:', '4\r\n', '\r\n'))).toEqual([
      'last-id 3',
      'event - c',
      'last-id 4',
    ])
  })

  it('ignores an id carrying NUL and does not report a block with data as id-only', async () => {
    expect(await timeline(chunks('id: a\0b\n\nid: 5\ndata\n\n'))).toEqual(['event 5 '])
  })

  it('keeps only the fields each event carried, joining data lines with newlines', async () => {
    const events = await collect(chunks('id: 1\nevent: tick\ndata: {"n":1}\n\n', 'data: a\ndata: b\n\n'))
    expect(events).toEqual([{ id: '1', event: 'tick', data: '{"n":1}' }, { data: 'a\nb' }])
  })

  it('attaches a retry field to the next event, also when it came in a block of its own', async () => {
    const retries: number[] = []
    const events: ServerSentEvent[] = []
    const source = chunks('retry: 2500\n\n', 'data: x\n\n', 'data: y\n\n')
    for await (const e of parseEvents(source, {
      maxEventBytes: 100,
      displayUrl: 'u',
      onRetry: (ms) => retries.push(ms),
    }))
      events.push(e)
    expect(events).toEqual([{ data: 'x', retry: 2500 }, { data: 'y' }])
    expect(retries).toEqual([2500])
  })

  it('reassembles events and multi-byte characters split across chunks, with CRLF line ends', async () => {
    const bytes = new TextEncoder().encode('data: h\u00e9llo\r\n\r\n')
    const events = await collect(chunks(bytes.subarray(0, 8), bytes.subarray(8, 9), bytes.subarray(9)))
    expect(events).toEqual([{ data: 'h\u00e9llo' }])
  })

  it('ignores comments and unknown fields, and drops an unterminated event at the end', async () => {
    const events = await collect(chunks(': keep-alive\nfoo: bar\ndata: one\n\n', 'data: cut'))
    expect(events).toEqual([{ data: 'one' }])
  })

  it('refuses an event larger than the cap with payload_too_large', async () => {
    const error = await collect(chunks(`data: ${'x'.repeat(5000)}\n\n`)).catch((e: unknown) => e)
    expect(WorkbenchError.is(error, 'payload_too_large')).toBe(true)
    expect((error as WorkbenchError).message).toContain('http://x/events')
  })

  it('refuses a line that never ends once it passes the cap', async () => {
    const error = await collect(chunks(...Array.from({ length: 20 }, () => 'y'.repeat(100)))).catch((e: unknown) => e)
    expect(WorkbenchError.is(error, 'payload_too_large')).toBe(true)
  })

  it('does not read the next chunk before the consumer took the events of the current one', async () => {
    let pulled = 0
    const counted: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          if (pulled === 3) return Promise.resolve({ done: true, value: undefined })
          return Promise.resolve({ done: false, value: new TextEncoder().encode(`data: ${pulled++}\n\n`) })
        },
      }),
    }
    const iterator = parseEvents(counted, { maxEventBytes: 100, displayUrl: 'u' })
    await iterator.next()
    expect(pulled).toBe(1)
    await iterator.next()
    expect(pulled).toBe(2)
    await iterator.return(undefined)
  })
})
