import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { opensLikeAnswer, otherAnswerBytes, readProbeBody } from './probe-body.js'

/** A body delivered in chunks of `chunk` bytes, recording how many were pulled. */
function body(text: string, chunk = 4096) {
  const bytes = Buffer.from(text)
  let pulled = 0
  let destroyed = false
  const stream = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunk) {
        pulled = Math.min(bytes.length, at + chunk)
        yield bytes.subarray(at, at + chunk)
      }
    })(),
  )
  return {
    stream: Object.assign(stream, {
      destroy: (error?: Error) => {
        destroyed = true
        return Readable.prototype.destroy.call(stream, error)
      },
    }),
    pulled: () => pulled,
    destroyed: () => destroyed,
  }
}

describe('opensLikeAnswer', () => {
  it.each([
    '{"data":{"__schema":{',
    '\n{\n  "data": {\n    "__schema": {',
    '{"data":null,"errors":[]}',
    '{"errors":[{"message":"x"}]}',
    '{"extensions":{},"data":{"__schema":{}}}',
    '\uFEFF{"data":{"__schema":{}}}',
  ])('takes %j for an answer to the introspection query', (head) => {
    expect(opensLikeAnswer(head)).toBe(true)
  })

  it.each([
    '{"openapi":"3.0.1","servers":[]}',
    '{"data":[{"id":"1"}]}',
    '{"data":{"type":"articles","id":"1"}}',
    '{"title":"Invalid Request","errors":[]}',
    '[{"data":null}]',
    'openapi: 3.0.1',
  ])('does not take %j for one', (head) => {
    expect(opensLikeAnswer(head)).toBe(false)
  })
})

describe('readProbeBody', () => {
  it('stops after the first bytes of a large document that is not an answer', async () => {
    const document = `{"openapi":"3.0.1","paths":{${'"/x":{},'.repeat(400_000)}"/y":{}}}`
    const source = body(document)
    const read = await readProbeBody(source.stream, 50 * 1024 * 1024)
    expect(read).toMatchObject({ isAnswer: false, truncated: true, sizeBytes: otherAnswerBytes })
    expect(source.pulled()).toBeLessThan(otherAnswerBytes + 8192)
    expect(source.destroyed()).toBe(true)
  })

  it('reads an answer whole, and a short non-answer whole', async () => {
    const answer = JSON.stringify({ data: { __schema: { types: Array.from({ length: 5000 }, (_, i) => i) } } })
    expect(await readProbeBody(body(answer).stream, 1 << 20)).toMatchObject({
      isAnswer: true,
      truncated: false,
      sizeBytes: answer.length,
    })
    const refusal = '{"title":"Invalid Request","errors":[{"message":"no"}]}'
    const read = await readProbeBody(body(refusal).stream, 1 << 20)
    expect(read).toMatchObject({ isAnswer: false, truncated: false })
    expect(read.bytes.toString()).toBe(refusal)
  })

  it('cuts an answer at the limit', async () => {
    const answer = JSON.stringify({ data: { __schema: { types: 'x'.repeat(200_000) } } })
    expect(await readProbeBody(body(answer).stream, 100_000)).toMatchObject({
      isAnswer: true,
      truncated: true,
      sizeBytes: 100_000,
    })
  })
})
