import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readBoundedBody } from './body-reader.js'

describe('bounded body reader', () => {
  it('reads a body under the limit whole', async () => {
    const body = await readBoundedBody(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 10)
    expect(body).toEqual({ bytes: Buffer.from('abcd'), sizeBytes: 4, truncated: false })
  })

  it('cuts at the limit, flags truncation and destroys the stream', async () => {
    const stream = Readable.from([Buffer.from('abc'), Buffer.from('defg'), Buffer.from('never')])
    const body = await readBoundedBody(stream, 5)
    expect(body.bytes.toString()).toBe('abcde')
    expect(body.truncated).toBe(true)
    expect(stream.destroyed).toBe(true)
  })

  it('consumes a body whose declared length fits in one go', async () => {
    const stream = Object.assign(Readable.from([Buffer.from('never iterated')]), {
      arrayBuffer: () => Promise.resolve(new TextEncoder().encode('whole').buffer),
    })
    expect(await readBoundedBody(stream, 10, 5)).toEqual({
      bytes: Buffer.from('whole'),
      sizeBytes: 5,
      truncated: false,
    })
  })

  it('streams with the cap when the declared length is over the limit', async () => {
    const stream = Object.assign(Readable.from([Buffer.from('abcdefgh')]), {
      arrayBuffer: () => Promise.reject(new Error('must not consume an over-limit body whole')),
    })
    const body = await readBoundedBody(stream, 4, 8)
    expect(body).toMatchObject({ sizeBytes: 4, truncated: true })
  })
})
