import type { IncomingHttpHeaders } from 'node:http2'
import { Code, ConnectError } from '@connectrpc/connect'
import { describe, expect, it } from 'vitest'
import { NodeHeaders } from './node-headers.js'

// As Node's HTTP/2 client hands a response's headers over: `:status` is a number (its typings say otherwise).
const incoming = {
  ':status': 200,
  'content-type': 'application/grpc+proto',
  'x-b': ['two', 'three'],
  'x-a': 'one',
  'set-cookie': ['a=1', 'b=2'],
} as unknown as IncomingHttpHeaders

/** The same headers in the fetch class, appended in the same order. */
function fetchHeaders(): Headers {
  const headers = new Headers()
  headers.append('content-type', 'application/grpc+proto')
  headers.append('x-b', 'two')
  headers.append('x-b', 'three')
  headers.append('x-a', 'one')
  headers.append('set-cookie', 'a=1')
  headers.append('set-cookie', 'b=2')
  return headers
}

describe('NodeHeaders', () => {
  it('reads like the fetch Headers class: combined values, name order, cookies apart, no pseudo-headers', () => {
    const ours = new NodeHeaders(incoming)
    const theirs = fetchHeaders()
    expect([...ours]).toEqual([...theirs])
    expect([...ours.keys()]).toEqual([...theirs.keys()])
    expect([...ours.values()]).toEqual([...theirs.values()])
    expect(ours.get('X-B')).toBe(theirs.get('x-b'))
    expect(ours.get(':status')).toBeNull()
    expect(ours.has('Content-Type')).toBe(true)
    expect(ours.getSetCookie()).toEqual(theirs.getSetCookie())
    const seen: string[] = []
    ours.forEach((value, key, parent) => {
      expect(parent).toBe(ours)
      seen.push(`${key}=${value}`)
    })
    expect(seen).toEqual(Array.from(theirs, ([key, value]) => `${key}=${value}`))
  })

  it('takes a later block (trailers) and edits by any case of the name', () => {
    const trailer = new NodeHeaders().merge({ 'grpc-status': '0' }).merge({ 'grpc-message': 'ok', 'x-t': ['1', '2'] })
    trailer.append('X-T', '3')
    expect(trailer.get('x-t')).toBe('1, 2, 3')
    trailer.set('Grpc-Status', '5')
    trailer.delete('GRPC-MESSAGE')
    expect(Object.fromEntries(trailer)).toEqual({ 'grpc-status': '5', 'x-t': '1, 2, 3' })
  })

  it('gives a call result its record, and Node its outgoing headers, with repeated values combined', () => {
    const ours = new NodeHeaders(incoming)
    const record = ours.toRecord()
    expect(Object.keys(record)).toEqual(['content-type', 'set-cookie', 'x-a', 'x-b'])
    expect(record).toMatchObject({ 'x-b': 'two, three', 'set-cookie': 'a=1, b=2' })
    const out = { 'x-keep': 'k' }
    ours.assignTo(out)
    expect(out).toEqual({ 'x-keep': 'k', ...record })
  })

  it('seeds fetch Headers and ConnectError metadata', () => {
    const ours = new NodeHeaders(incoming)
    expect([...new Headers(ours)]).toEqual([...fetchHeaders()])
    const error = new ConnectError('denied', Code.PermissionDenied, ours)
    expect(error.metadata.get('x-a')).toBe('one')
  })
})
