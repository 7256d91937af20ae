import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse } from '@wirebench/core'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { refusedPort, startTarget } from '../test-support/target.test-helpers.js'
import type { Target } from '../test-support/target.test-helpers.js'

describe('POST /api/discover', () => {
  let h: Harness
  let a: Target
  let b: Target
  let refused: string
  beforeAll(async () => {
    ;[h, a, b] = await Promise.all([createHarness(), startTarget('A'), startTarget('B')])
    refused = `http://127.0.0.1:${await refusedPort()}/openapi.json`
  })
  afterAll(async () => {
    await Promise.all([h.close(), a.close(), b.close()])
  })

  const discover = (urls: string[]) =>
    h.app.inject({ method: 'POST', url: '/api/discover', headers: h.headers, payload: { urls } })

  // The first discovery imports every plugin's protocol stack (1 s here, 5 s on a busy CI machine): more than the
  // 5 s a unit test gets by default.
  it('fetches several URLs independently and reports one attempt per URL and plugin', { timeout: 30_000 }, async () => {
    const res = await discover([a.docUrl, refused, b.htmlUrl, b.docUrl])
    expect(res.statusCode).toBe(200)
    const body = res.json<DiscoverResponse>()
    // Every registered plugin tries every URL, but the plain HTTP one (it finds nothing behind a URL by design); the
    // others report these HTTP/1.1 document URLs as not theirs.
    expect(new Set(body.attempts.map((t) => t.pluginId))).toEqual(
      new Set(['rest', 'grpc', 'grpcweb', 'connect', 'graphql', 'sse', 'websocket', 'signalr', 'mcp']),
    )
    const rest = body.attempts.filter((t) => t.pluginId === 'rest')
    const byUrl = Object.fromEntries(rest.map((t) => [t.url, t]))
    expect(byUrl[a.docUrl]).toMatchObject({ pluginId: 'rest', outcome: 'ok', servicesFound: 1 })
    expect(byUrl[b.docUrl]).toMatchObject({ pluginId: 'rest', outcome: 'ok', servicesFound: 1 })
    expect(byUrl[refused]).toMatchObject({ pluginId: 'rest', outcome: 'error', servicesFound: 0 })
    expect(byUrl[refused]).toMatchObject({
      code: 'upstream_unreachable',
      hint: expect.stringMatching(/Nothing is listening/),
    })
    expect(byUrl[refused]?.message).toMatch(/connection refused/)
    expect(byUrl[b.htmlUrl]).toMatchObject({ pluginId: 'rest', outcome: 'empty', servicesFound: 0 })
    expect(byUrl[b.htmlUrl]?.message).toMatch(/HTML/i)
    expect(byUrl[b.htmlUrl]).toMatchObject({ code: 'no_services', hint: expect.stringContaining('/openapi.json') })
    for (const attempt of body.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0)
    expect(body.services.map((s) => [s.name, s.originUrl, s.protocol, s.isUploaded])).toEqual([
      ['ident', a.docUrl, 'rest', false],
      ['ident', b.docUrl, 'rest', false],
    ])
  })

  it('accepts protocol@url, reporting the entry as written and routing by the plain URL', async () => {
    const entry = `rest@${a.docUrl}`
    const body = (await discover([entry])).json<DiscoverResponse>()
    expect(body.attempts).toEqual([expect.objectContaining({ url: entry, pluginId: 'rest', outcome: 'ok' })])
    expect(body.services[0]?.originUrl).toBe(a.docUrl)
  })

  it('answers a pin naming no installed plugin with one attempt saying so and listing the installed ones', async () => {
    const body = (await discover([`nope@${a.docUrl}`, a.docUrl])).json<DiscoverResponse>()
    const pinned = body.attempts.filter((t) => t.url === `nope@${a.docUrl}`)
    expect(pinned).toEqual([
      expect.objectContaining({ pluginId: 'nope', outcome: 'error', code: 'no_plugin', servicesFound: 0 }),
    ])
    expect(pinned[0]?.message).toBe('No protocol plugin "nope" is installed, so "nope@" cannot pin one.')
    expect(pinned[0]?.hint).toMatch(
      /^Installed plugins: rest, grpc, grpcweb, connect, graphql, sse, websocket, signalr, mcp, http\./,
    )
    // The other URL is discovered as usual.
    expect(body.attempts.find((t) => t.url === a.docUrl && t.pluginId === 'rest')?.outcome).toBe('ok')
  })

  it('takes a URL typed without a scheme as http://, reporting the entry as typed', async () => {
    const typed = a.docUrl.replace('http://', '')
    const body = (await discover([typed])).json<DiscoverResponse>()
    expect(body.attempts.find((t) => t.pluginId === 'rest')).toMatchObject({ url: typed, outcome: 'ok' })
    expect(body.services.map((s) => s.originUrl)).toEqual([a.docUrl])
  })

  it('listens for the client going away once per request, however many attempts run', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      // Two URLs: every plugin tries each, so fourteen attempts share one reply.
      const res = await discover([a.docUrl, b.docUrl])
      expect(res.statusCode).toBe(200)
      expect(res.json<DiscoverResponse>().attempts.length).toBeGreaterThan(10)
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([])
  })

  it('lists a URL given twice once', async () => {
    const body = (await discover([a.docUrl, ` ${a.docUrl} `])).json<DiscoverResponse>()
    expect(body.attempts.filter((t) => t.pluginId === 'rest')).toHaveLength(1)
    expect(body.services).toHaveLength(1)
  })

  it('refuses cloud-metadata and non-HTTP targets per attempt without failing the others', async () => {
    const body = (
      await discover(['http://169.254.169.254/latest', 'file:///etc/passwd', a.docUrl])
    ).json<DiscoverResponse>()
    const rest = body.attempts.filter((t) => t.pluginId === 'rest')
    expect(rest.map((t) => t.outcome)).toEqual(['error', 'ok'])
    expect(rest[0]?.message).toMatch(/metadata/)
    // A scheme no plugin speaks is no target at all: one attempt names it, and no plugin runs.
    const file = body.attempts.filter((t) => t.url === 'file:///etc/passwd')
    expect(file).toMatchObject([{ pluginId: 'discovery', outcome: 'error' }])
    expect(file[0]?.message).toContain('uses file://, which no plugin speaks')
    // Refused before any plugin runs: every URL-discovering plugin's attempt on the metadata address is an error.
    const metadata = body.attempts.filter((t) => t.url === 'http://169.254.169.254/latest')
    expect(metadata.length).toBe(9)
    expect(metadata.every((t) => t.outcome === 'error')).toBe(true)
  })

  it('answers a validation problem for a body that breaks the schema', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: h.headers,
      payload: { urls: [], extra: true },
    })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
    const problem = res.json()
    expect(problem).toMatchObject({
      type: 'urn:wirebench:problem:invalid_request',
      status: 400,
      code: 'invalid_request',
    })
    expect(problem.errors.length).toBeGreaterThan(0)
    expect(problem.errors[0].path).toMatch(/^body/)
  })

  it('answers one 400 for a malformed transport marker instead of failing every attempt', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: h.headers,
      payload: { urls: [a.docUrl, b.docUrl], metadata: { __workbenchSigV4__: '{"accessKey": "only"}' } },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request' })
    expect(res.json().detail).toContain('__workbenchSigV4__')
  })

  it('answers a problem for malformed JSON', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: { ...h.headers, 'content-type': 'application/json' },
      payload: '{"urls": [',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request', detail: 'The request body is not valid JSON.' })
  })

  it('answers 413 for a JSON body over 1 MB', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: { ...h.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ urls: ['x'.repeat(1024 * 1024 + 10)] }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'payload_too_large', status: 413 })
  })

  it('refuses a prototype-polluting body', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: { ...h.headers, 'content-type': 'application/json' },
      payload: `{"urls": ["${a.docUrl}"], "metadata": {"__proto__": {"polluted": "yes"}}}`,
    })
    expect(res.statusCode).toBe(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('discovery time box', () => {
  it('reports a timeout attempt when a target does not answer in time', async () => {
    const h = await createHarness({ limits: { discoveryTimeoutMs: 200 } })
    const target = await startTarget('S')
    try {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/discover',
        headers: h.headers,
        payload: { urls: [`${target.origin}/slow?ms=2000`] },
      })
      const body = res.json<DiscoverResponse>()
      const rest = body.attempts.filter((t) => t.pluginId === 'rest')
      expect(rest).toEqual([
        expect.objectContaining({ outcome: 'timeout', pluginId: 'rest', hint: expect.stringContaining('reachable') }),
      ])
      expect(rest[0]?.durationMs).toBeLessThan(1500)
    } finally {
      await Promise.all([h.close(), target.close()])
    }
  })
})
