import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { rawStatusLine } from '../raw-request.test-helpers.js'
import type { DemoServiceHandle } from '../service-handle.js'
import { startSseDemo } from './server.js'
import { readEvents } from './sse-reader.test-helpers.js'

describe('SSE demo: the station feed', () => {
  let handle: DemoServiceHandle
  let feed: string
  beforeEach(async () => {
    handle = await startSseDemo({ host: '127.0.0.1', port: 0 })
    feed = handle.service.url
  })
  afterEach(() => handle.close())

  it('describes itself with the feed URL on loopback', () => {
    expect(handle.service).toEqual({
      protocol: 'sse',
      name: 'Station feed (SSE)',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/events$/),
    })
  })

  it('streams sequence-numbered, named JSON events with a retry on the first, and ends after count', async () => {
    const response = await fetch(`${feed}?count=12&interval=10`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const { events, dropped } = await readEvents(response)
    expect(dropped).toBe(false)
    expect(events.map((event) => event.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'])
    expect(events[0]?.retry).toBe(2000)
    expect(events.slice(1).every((event) => event.retry === undefined)).toBe(true)
    expect(events[0]).toMatchObject({ event: 'reading' })
    expect(JSON.parse(events[0]?.data ?? '')).toMatchObject({ seq: 1, station: 'st-ridge', temperatureC: 11.7 })
    expect(events[4]).toMatchObject({ event: 'status' })
    expect(JSON.parse(events[4]?.data ?? '')).toMatchObject({ seq: 5, station: 'st-ridge' })
    // The tenth is unnamed (a browser's "message") and plain text over two data lines.
    expect(events[9]).toEqual({ id: '10', data: 'Checkpoint 10\n4 stations reporting' })
  })

  it('keeps /events/silent open without ever sending an event', async () => {
    const response = await fetch(`${feed}/silent`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe(': Wirebench demo silent feed\n\n')
    // Still open and still silent a while later.
    const next = await Promise.race([reader.read(), new Promise((done) => setTimeout(() => done('quiet'), 300))])
    expect(next).toBe('quiet')
    await reader.cancel()
  })

  it('resumes after Last-Event-ID and answers 204 once the feed is over', async () => {
    const resumed = await fetch(`${feed}?count=12&interval=10`, { headers: { 'last-event-id': '7' } })
    const { events } = await readEvents(resumed)
    expect(events.map((event) => event.id)).toEqual(['8', '9', '10', '11', '12'])
    expect(events[0]?.retry).toBe(2000)
    const over = await fetch(`${feed}?count=12`, { headers: { 'last-event-id': '12' } })
    expect(over.status).toBe(204)
  })

  it('drops the connection after dropAfter events, and a reconnect with Last-Event-ID carries on', async () => {
    const first = await readEvents(await fetch(`${feed}?dropAfter=3&interval=10`))
    expect(first.dropped).toBe(true)
    expect(first.events.map((event) => event.id)).toEqual(['1', '2', '3'])
    const lastId = first.events.at(-1)?.id ?? ''
    const second = await readEvents(
      await fetch(`${feed}?dropAfter=3&interval=10`, { headers: { 'last-event-id': lastId } }),
    )
    expect(second.events.map((event) => event.id)).toEqual(['4', '5', '6'])
  })

  it('sends the retry asked for (bounded) on the first event of each connection', async () => {
    const { events } = await readEvents(await fetch(`${feed}?count=2&interval=10&retry=150`))
    expect(events.map((event) => event.retry)).toEqual([150, undefined])
    expect((await fetch(`${feed}?retry=5`)).status).toBe(400)
  })

  it('takes its options from a POST body, stations round robin', async () => {
    const response = await fetch(feed, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 4, interval: 10, stations: ['st-harbor', 'st-airport'] }),
    })
    const { events } = await readEvents(response)
    expect(events.map((event) => (JSON.parse(event.data) as { station: string }).station)).toEqual([
      'st-airport',
      'st-harbor',
      'st-airport',
      'st-harbor',
    ])
  })

  it('refuses bad options with 400 naming the problem, and oversized bodies with 413', async () => {
    const badCount = await fetch(`${feed}?count=0`)
    expect(badCount.status).toBe(400)
    expect(await badCount.json()).toEqual({
      code: 'bad_request',
      message: 'count must be an integer from 1 to 100000.',
    })
    const badInterval = await fetch(`${feed}?interval=1`)
    expect(((await badInterval.json()) as { message: string }).message).toContain('interval')
    const notJson = await fetch(feed, { method: 'POST', body: 'count=3' })
    expect(notJson.status).toBe(400)
    const array = await fetch(feed, { method: 'POST', body: '[1]' })
    expect(((await array.json()) as { message: string }).message).toContain('JSON object')
    const huge = await fetch(feed, { method: 'POST', body: JSON.stringify({ note: 'x'.repeat(20_000) }) })
    expect(huge.status).toBe(413)
  })

  it('keeps /events/private behind the demo API key (query string or header) or bearer token', async () => {
    const refused = await fetch(feed.replace('/events', '/events/private?count=1'))
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { message: string }).message).toContain('api_key=demo-key')
    const byQuery = await fetch(feed.replace('/events', '/events/private?count=1&api_key=demo-key'))
    expect((await readEvents(byQuery)).events).toHaveLength(1)
    const byHeader = await fetch(feed.replace('/events', '/events/private?count=1'), {
      headers: { 'x-api-key': 'demo-key' },
    })
    expect(byHeader.status).toBe(200)
    await byHeader.body?.cancel()
  })

  it('refuses requests from a web page of another origin or cross-site with 403', async () => {
    expect((await fetch(feed, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect((await fetch(feed, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403)
  })

  it('answers a target that is no valid path (GET //) with 400', async () => {
    expect(await rawStatusLine(feed, ['GET // HTTP/1.1'])).toBe('HTTP/1.1 400 Bad Request')
  })

  it('answers 404 elsewhere and 405 for other methods', async () => {
    expect((await fetch(feed.replace('/events', '/nothing'))).status).toBe(404)
    const put = await fetch(feed, { method: 'PUT' })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, POST')
  })

  it('cuts an endless feed on close() and stops listening', async () => {
    const response = await fetch(feed)
    const reading = readEvents(response)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await handle.close()
    const { events, dropped } = await reading
    expect(dropped).toBe(true)
    expect(events.map((event) => event.id)).toEqual(['1'])
    await expect(fetch(feed)).rejects.toThrow()
  })
})
