import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryDraft } from './history-store.js'
import { createHistoryStore } from './history-store.js'

const draft = (method: string, at: number): HistoryDraft => ({
  at,
  kind: 'unary',
  request: { name: method, protocol: 'rest', url: 'http://127.0.0.1:9/x', service: 'S', method, messages: [{}] },
  status: '200',
  ok: true,
  durationMs: 1,
  bytes: 2,
})

describe('history store shared by two workbench processes on one config dir', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wb-history-'))
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('reads every whole entry either process appended to the same segment, and never fails on a torn tail', async () => {
    const dir = join(root, 'shared')
    const limits = { maxEntries: 1000, maxBytes: 1024 * 1024, segments: 2 }
    const first = createHistoryStore(dir, limits)
    const second = createHistoryStore(dir, limits)
    const now = Date.now()
    first.append(() => draft('a1', now))
    expect((await first.page({})).entries.map((e) => e.request.method)).toEqual(['a1'])
    expect((await second.page({})).total).toBe(1)
    second.append(() => draft('b1', now + 1))
    second.append(() => draft('b2', now + 2))
    await second.flush()
    first.append(() => draft('a2', now + 3))
    await first.flush()
    expect(await readdir(dir)).toEqual(['00000001.ndjson'])
    // A third writer cut off mid-line.
    await appendFile(join(dir, '00000001.ndjson'), '{"id":"99999999999999-000000","at":1,"kin')
    for (const store of [first, second]) {
      const page = await store.page({})
      expect(page.entries.map((e) => e.request.method)).toEqual(['a2', 'b2', 'b1', 'a1'])
      expect((await store.page({ q: 'b2' })).entries.map((e) => e.request.method)).toEqual(['b2'])
    }
    // The next append closes the torn line and stays readable by both.
    second.append(() => draft('b3', now + 4))
    await second.flush()
    for (const store of [first, second]) {
      expect((await store.page({ limit: 2 })).entries.map((e) => e.request.method)).toEqual(['b3', 'a2'])
    }
    // One clears; the other sees an empty history, then new entries.
    await first.clear()
    expect((await second.page({})).total).toBe(0)
    first.append(() => draft('a3', now + 5))
    await first.flush()
    expect((await second.page({})).entries.map((e) => e.request.method)).toEqual(['a3'])
  })
})
