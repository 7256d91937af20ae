import { describe, expect, it } from 'vitest'
import { createRateMeter } from '../../state/live-rate.js'
import { createLiveRing } from '../../state/live-ring.js'
import type { LiveCallState, LiveEntry } from '../../state/live-store.js'
import { exportFilename, toJsonDocument, toNdjson } from './live-export.js'

const entries: LiveEntry[] = [
  { direction: 'in', kind: 'headers', seq: 1, at: 0, data: { 'content-type': 'application/grpc' } },
  { direction: 'out', kind: 'message', ref: 1, at: 1000, data: { text: 'hi' }, outcome: 'accepted' },
  { direction: 'in', kind: 'message', seq: 2, at: 2000, data: { text: 'echo: hi' } },
]

describe('live log export', () => {
  it('writes one JSON entry per line, with direction, order keys and ISO times', () => {
    const lines = toNdjson(entries)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown)
    expect(lines).toEqual([
      {
        direction: 'received',
        seq: 1,
        at: '1970-01-01T00:00:00.000Z',
        type: 'headers',
        metadata: { 'content-type': 'application/grpc' },
      },
      { direction: 'sent', ref: 1, at: '1970-01-01T00:00:01.000Z', outcome: 'accepted', data: { text: 'hi' } },
      { direction: 'received', seq: 2, at: '1970-01-01T00:00:02.000Z', type: 'message', data: { text: 'echo: hi' } },
    ])
  })

  it('wraps the entries with the counts and end status in the JSON document, without the problem details beyond title and detail', () => {
    const call = {
      id: 'c1',
      status: 'closed',
      startedAt: 0,
      endedAt: 3000,
      received: 1,
      sent: 1,
      refused: 0,
      dropped: 0,
      evicted: 4,
      end: { status: 'OK' },
      log: createLiveRing(10),
      meter: createRateMeter(),
    } as unknown as LiveCallState
    const doc = JSON.parse(toJsonDocument(call, entries, 'demo.Chat/Talk'))
    expect(doc).toMatchObject({
      method: 'demo.Chat/Talk',
      status: 'closed',
      counts: { received: 1, sent: 1, evicted: 4 },
      end: { status: 'OK' },
    })
    expect(doc.entries).toHaveLength(3)
  })

  it('names the file after the method and the time, without characters file systems dislike', () => {
    expect(exportFilename('demo.Chat/Talk', 'ndjson', new Date(0))).toBe('demo.Chat_Talk-1970-01-01T00-00-00.ndjson')
  })
})
