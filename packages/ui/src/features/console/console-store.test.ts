import { describe, expect, it } from 'vitest'
import type { ConsoleEntry } from './console-entry.js'
import { createConsoleStore } from './console-store.js'

const entry = (n: number, detail: unknown = { data: n }): Omit<ConsoleEntry, 'index'> => ({
  kind: 'frame',
  at: 1_000 + n,
  protocol: 'grpc',
  method: 'demo.Weather.StreamReadings',
  callId: 'c1',
  detail,
})

function setup(options: { capacity?: number; maxBytes?: number; secrets?: string[] } = {}) {
  const pending: Array<() => void> = []
  let secrets = options.secrets ?? []
  const store = createConsoleStore({
    capacity: options.capacity,
    maxBytes: options.maxBytes,
    currentSecrets: () => secrets,
    schedule: (flush) => pending.push(flush),
  })
  const frame = () => {
    for (const flush of pending.splice(0)) flush()
  }
  return { store, frame, setSecrets: (next: string[]) => (secrets = next) }
}

describe('console store', () => {
  it('keeps at most its capacity of entries and counts the ones it dropped', () => {
    const { store } = setup({ capacity: 100 })
    for (let n = 0; n < 10_000; n++) store.record(entry(n))
    expect(store.ring.size).toBe(100)
    expect(store.ring.evicted).toBe(9_900)
    expect(store.ring.at(store.ring.first)?.detail).toEqual({ data: 9_900 })
    expect(store.ring.at(store.ring.end - 1)?.index).toBe(9_999)
  })

  it('keeps its entries within the byte budget, dropping the oldest however few there are', () => {
    const { store } = setup({ capacity: 1_000, maxBytes: 20_000 })
    for (let n = 0; n < 50; n++) store.record(entry(n, { data: 'x'.repeat(1_000) }))
    expect(store.ring.bytes).toBeLessThanOrEqual(20_000)
    expect(store.ring.size).toBeLessThan(50)
    expect(store.ring.evicted).toBe(50 - store.ring.size)
  })

  it('tells subscribers once per animation frame however many entries arrived', () => {
    const { store, frame } = setup()
    let updates = 0
    store.subscribe(() => updates++)
    for (let n = 0; n < 500; n++) store.record(entry(n))
    expect(updates).toBe(0)
    frame()
    expect(updates).toBe(1)
    expect(store.getState().version).toBe(1)
  })

  it('clears its entries without counting them as dropped', () => {
    const { store } = setup({ capacity: 10 })
    for (let n = 0; n < 15; n++) store.record(entry(n))
    store.getState().clear()
    expect(store.ring.size).toBe(0)
    expect(store.ring.evicted).toBe(5)
  })

  it('keeps masking the secrets of an environment that is no longer active', () => {
    const { store, setSecrets } = setup({ secrets: ['first-secret'] })
    expect(store.secrets()).toEqual(['first-secret'])
    setSecrets(['second-secret-longer'])
    expect(store.secrets()).toEqual(['second-secret-longer', 'first-secret'])
  })

  it('toggles kinds on and off in their fixed order', () => {
    const { store } = setup()
    store.getState().toggleKind('frame')
    expect(store.getState().kinds).not.toContain('frame')
    store.getState().toggleKind('frame')
    expect(store.getState().kinds).toEqual(['request', 'response', 'open', 'frame', 'send', 'close', 'error'])
  })
})
