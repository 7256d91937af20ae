import { describe, expect, it } from 'vitest'
import type { SavedAssertion } from '../model/saved-request.js'
import type { StreamFrame } from '../model/stream.js'
import { evaluateAssertions } from './evaluate.js'
import type { AssertionOutcome } from './evaluate.js'
import { createStreamObservation, observeFrame, streamAssertionSubject } from './stream-subject.js'

/** Frames with the milliseconds since opening at which each arrived. */
type Timed = [number, StreamFrame]

const webSocketTalk: Timed[] = [
  [3, { type: 'headers', metadata: { 'sec-websocket-protocol': 'chat' } }],
  [9, { type: 'message', data: 'ping', meta: { opcode: 'ping' } }],
  [12, { type: 'message', data: { seq: 1, user: { name: 'ada' } }, meta: { opcode: 'text' } }],
  [40, { type: 'message', data: { seq: 2, user: { name: 'bob' }, done: true }, meta: { opcode: 'text' } }],
  [41, { type: 'end', status: 'OK', message: 'Normal closure', details: { code: 1000, reason: '' } }],
]
const sseStream: Timed[] = [
  [5, { type: 'headers', metadata: { 'content-type': 'text/event-stream' } }],
  [250, { type: 'message', data: { tick: 1 }, meta: { event: 'tick' } }],
  [260, { type: 'end', status: 'OK' }],
]
const refused: Timed[] = [[8, { type: 'end', status: 'Unavailable', details: { code: 1011, reason: 'overloaded' } }]]
const stillOpen: Timed[] = [[2, { type: 'headers', metadata: { 'content-type': 'text/event-stream' } }]]

function outcome(frames: Timed[], assertion: SavedAssertion): AssertionOutcome | 'no subject' {
  const observation = createStreamObservation()
  for (const [at, frame] of frames) observeFrame(observation, frame, at)
  const subject = streamAssertionSubject(observation)
  return subject ? (evaluateAssertions([assertion], subject)[0]?.outcome ?? 'no subject') : 'no subject'
}

describe('assertions on a stream or channel', () => {
  it.each<[string, Timed[], SavedAssertion, AssertionOutcome | 'no subject']>([
    ['the close code', webSocketTalk, { type: 'status', is: 1000 }, 'pass'],
    ['the close code, another one expected', webSocketTalk, { type: 'status', is: 1001 }, 'fail'],
    ['the end status by name', webSocketTalk, { type: 'status', is: 'OK' }, 'pass'],
    ['an abnormal close among the expected', refused, { type: 'status', in: [1000, 1011] }, 'pass'],
    ['the end status of a stream without close codes', sseStream, { type: 'status', is: 'OK' }, 'pass'],
    ['a status while the call is still open', stillOpen, { type: 'status', is: 'OK' }, 'fail'],
    ['a path on the last frame', webSocketTalk, { type: 'json', path: 'user.name', equals: 'bob' }, 'pass'],
    ['a path that only an earlier frame had', webSocketTalk, { type: 'json', path: 'seq', equals: 1 }, 'fail'],
    ['a path on the last frame exists', webSocketTalk, { type: 'json', path: 'done', exists: true }, 'pass'],
    ['a path matched on the last frame', sseStream, { type: 'json', path: 'tick', matches: '^1$' }, 'pass'],
    ['a path when no frame came', refused, { type: 'json', path: 'seq', exists: true }, 'fail'],
    ['the first frame’s latency (pings do not count)', webSocketTalk, { type: 'latency', below: 20 }, 'pass'],
    ['the first frame’s latency, too slow', sseStream, { type: 'latency', below: 200 }, 'fail'],
    ['a latency when no frame came', refused, { type: 'latency', below: 1000 }, 'fail'],
    [
      'a header of the opening',
      webSocketTalk,
      { type: 'header', name: 'Sec-WebSocket-Protocol', equals: 'chat' },
      'pass',
    ],
    ['schema-valid (frames are not checked)', webSocketTalk, { type: 'schema-valid' }, 'not-validated'],
    ['anything when nothing came back', [], { type: 'status', is: 'OK' }, 'no subject'],
  ])('%s', (_name, frames, assertion, expected) => {
    expect(outcome(frames, assertion)).toBe(expected)
  })

  it('says what was timed and why nothing was validated', () => {
    const observation = createStreamObservation()
    for (const [at, frame] of sseStream) observeFrame(observation, frame, at)
    const results = evaluateAssertions(
      [{ type: 'latency', below: 100 }, { type: 'schema-valid' }],
      streamAssertionSubject(observation)!,
    )
    expect(results.map((r) => r.message)).toEqual([
      'took 250 ms to the first frame, not below 100 ms',
      'stream and channel frames are not checked against a schema',
    ])
  })
})
