import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryPage, HistoryTemplate, InvokeResult } from '@wirebench/core'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { startTarget } from '../test-support/target.test-helpers.js'
import type { Target } from '../test-support/target.test-helpers.js'

const canary = 'canary-history-5e1d0b'

describe('call history', () => {
  let h: Harness
  let target: Target
  beforeAll(async () => {
    ;[h, target] = await Promise.all([
      createHarness({
        limits: { invokeTimeoutMs: 5000 },
        workspaces: { watch: false, historyLimits: { maxEntries: 6, maxBytes: 1024 * 1024, segments: 3 } },
      }),
      startTarget('A'),
    ])
    const discovered = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: h.headers,
      payload: { urls: [target.docUrl] },
    })
    expect(discovered.statusCode).toBe(200)
    const env = (await h.app.inject({ url: '/api/environments', headers: h.headers })).json<{ revision: string }>()
    const document = {
      version: 2,
      environments: [
        {
          id: 'dev',
          name: 'Dev',
          vars: { token: canary },
          auth: { type: 'none' },
          trust: { caCertificate: '', allowSelfSigned: false },
          hosts: { approved: [], refused: [] },
        },
      ],
      activeEnvironmentId: 'dev',
    }
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/environments',
      headers: h.headers,
      payload: { document, baseRevision: env.revision },
    })
    expect(saved.statusCode).toBe(200)
  })
  afterAll(async () => {
    await Promise.all([h.close(), target.close()])
  })

  const template = (method: string, typed: Record<string, unknown>): HistoryTemplate => ({
    workspace: 'default',
    request: {
      version: 1,
      name: `Call ${method}`,
      protocol: 'rest',
      url: target.docUrl,
      service: 'ident',
      method,
      messages: [typed],
      metadata: { 'x-note': '${token}', authorization: `Bearer ${canary}` },
    },
  })

  function invoke(method: string, history?: HistoryTemplate) {
    return h.app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers: h.headers,
      payload: {
        protocol: 'rest',
        url: target.docUrl,
        service: 'ident',
        method,
        // What the page sends: the variables already substituted.
        messages: [{ text: canary }],
        metadata: { 'x-note': canary },
        ...(history ? { history } : {}),
      },
    })
  }

  async function page(query = ''): Promise<HistoryPage> {
    const response = await h.app.inject({ url: `/api/workspaces/default/history${query}`, headers: h.headers })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<HistoryPage>()
  }

  it('records a unary call as typed, with its status and response, and every secret value redacted', async () => {
    const response = await invoke('echo', template('echo', { text: '${token}' }))
    expect(response.json<InvokeResult>().response).toMatchObject({ body: { text: canary }, note: canary })
    const { entries, total } = await page()
    expect(total).toBe(1)
    const entry = entries[0]
    expect(entry).toMatchObject({
      kind: 'unary',
      status: '200',
      ok: true,
      request: {
        name: 'Call echo',
        method: 'echo',
        messages: [{ text: '${token}' }],
        metadata: { 'x-note': '${token}', authorization: '***' },
      },
      response: { server: 'A', body: { text: '***' }, note: '***' },
    })
    expect(entry?.bytes).toBeGreaterThan(0)
    expect(JSON.stringify(entry)).not.toContain(canary)
    const dir = join(h.configDir, 'history', 'default')
    for (const name of await readdir(dir)) expect(await readFile(join(dir, name), 'utf8')).not.toContain(canary)
  })

  it('records nothing for a call without a history template', async () => {
    await invoke('whoami')
    expect((await page()).total).toBe(1)
  })

  it('records a call that failed before an answer with its error code', async () => {
    const failed = await invoke('nope', template('nope', {}))
    expect(failed.statusCode).toBeGreaterThanOrEqual(400)
    const { entries } = await page('?q=nope')
    expect(entries[0]).toMatchObject({ ok: false, status: 'not_found' })
  })

  it('searches by method, URL, status and name, newest first, in pages', async () => {
    await invoke('whoami', template('whoami', {}))
    expect((await page('?q=whoami')).entries.map((e) => e.request.method)).toEqual(['whoami'])
    expect((await page('?q=echo%20200')).total).toBe(1)
    expect((await page(`?q=${encodeURIComponent(new URL(target.docUrl).host)}`)).total).toBe(3)
    expect((await page('?q=call%20nope')).total).toBe(1)
    const first = await page('?limit=2')
    expect(first.entries.map((e) => e.request.method)).toEqual(['whoami', 'nope'])
    const second = await page(`?limit=2&before=${first.entries[1]?.id}`)
    expect(second.entries.map((e) => e.request.method)).toEqual(['echo'])
  })

  it('stays within its bounds, dropping the oldest entries first', async () => {
    for (let i = 0; i < 10; i++) await invoke('whoami', template('whoami', { i }))
    const { entries, total } = await page('?limit=100')
    expect(total).toBeLessThanOrEqual(6)
    expect(total).toBeGreaterThanOrEqual(4)
    expect(entries[0]?.request.messages).toEqual([{ i: 9 }])
    expect(entries.some((e) => e.request.method === 'echo')).toBe(false)
  })

  it("redacts the base64 user:password pair of the environment's Basic auth wherever it is echoed", async () => {
    const password = 'CANARYpw_4477'
    // "bob:" is four bytes, so the password's own base64 does not line up inside the pair's.
    const pair = Buffer.from(`bob:${password}`).toString('base64')
    expect(pair).not.toContain(Buffer.from(password).toString('base64'))
    const env = (await h.app.inject({ url: '/api/environments', headers: h.headers })).json<{ revision: string }>()
    const document = {
      version: 2,
      environments: [
        {
          id: 'basic',
          name: 'Basic',
          vars: { pw: password },
          auth: { type: 'basic', username: 'bob', password: '${pw}' },
          trust: { caCertificate: '', allowSelfSigned: false },
          hosts: { approved: [], refused: [] },
        },
      ],
      activeEnvironmentId: 'basic',
    }
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/environments',
      headers: h.headers,
      payload: { document, baseRevision: env.revision },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    // Wait out the recorder's one-second cache of the environment's secrets.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/invoke',
      headers: h.headers,
      payload: {
        protocol: 'rest',
        url: target.docUrl,
        service: 'ident',
        method: 'echo',
        messages: [{ text: 'hi' }],
        metadata: { 'x-note': `Basic ${pair}` },
        history: template('echo', { text: 'basic' }),
      },
    })
    expect(response.json<InvokeResult>().response).toMatchObject({ note: `Basic ${pair}` })
    const { entries } = await page('?q=echo')
    expect(entries[0]?.response).toMatchObject({ note: expect.stringContaining('***') as unknown })
    const dir = join(h.configDir, 'history', 'default')
    for (const name of await readdir(dir)) {
      const text = await readFile(join(dir, name), 'utf8')
      expect(text).not.toContain(pair)
      expect(text).not.toContain(password)
    }
  })

  it('clears the history', async () => {
    const cleared = await h.app.inject({ method: 'DELETE', url: '/api/workspaces/default/history', headers: h.headers })
    expect(cleared.statusCode).toBe(204)
    expect((await page()).total).toBe(0)
    expect((await page('?q=whoami')).entries).toEqual([])
  })
})
