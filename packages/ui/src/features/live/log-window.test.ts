import { describe, expect, it } from 'vitest'
import { createLiveRing } from '../../state/live-ring.js'
import type { LiveEntry } from '../../state/live-store.js'
import { createEventTypeIndex, createFilteredWindow, eventTypeOf, fullWindow } from './log-window.js'

const event = (seq: number, name?: string): LiveEntry => ({
  direction: 'in',
  kind: 'message',
  seq,
  at: 0,
  data: seq,
  meta: name ? { event: name, id: String(seq) } : { id: String(seq) },
})

describe('log windows', () => {
  it('shows every entry held when unfiltered', () => {
    const window = fullWindow(10, 15)
    expect(window.count).toBe(5)
    expect(window.indexAt(0)).toBe(10)
    expect(window.positionOf(14)).toBe(4)
    expect(window.positionOf(9)).toBe(-1)
  })

  it('keeps only the entries a filter accepts, testing each new entry once', () => {
    const ring = createLiveRing<LiveEntry>(100)
    const filtered = createFilteredWindow()
    let tests = 0
    const isTick = (entry: LiveEntry) => {
      tests++
      return eventTypeOf(entry) === 'tick'
    }
    for (let i = 0; i < 6; i++) ring.push(event(i, i % 2 ? 'tick' : undefined))
    let window = filtered.update(ring, 'tick', isTick)
    expect(window.count).toBe(3)
    expect([0, 1, 2].map(window.indexAt)).toEqual([1, 3, 5])
    expect(window.positionOf(3)).toBe(1)
    expect(window.positionOf(2)).toBe(-1)
    ring.push(event(6, 'tick'))
    window = filtered.update(ring, 'tick', isTick)
    expect(window.count).toBe(4)
    expect(tests).toBe(7)
  })

  it('forgets evicted entries and rescans when the filter changes', () => {
    const ring = createLiveRing<LiveEntry>(4)
    const filtered = createFilteredWindow()
    for (let i = 0; i < 4; i++) ring.push(event(i, 'tick'))
    expect(filtered.update(ring, 'tick', (e) => eventTypeOf(e) === 'tick').count).toBe(4)
    ring.push(event(4, 'tick'))
    ring.push(event(5, 'tock'))
    const window = filtered.update(ring, 'tick', (e) => eventTypeOf(e) === 'tick')
    expect([0, 1, 2].map(window.indexAt)).toEqual([2, 3, 4])
    expect(filtered.update(ring, 'tock', (e) => eventTypeOf(e) === 'tock').indexAt(0)).toBe(5)
  })
})

describe('event types', () => {
  it('lists the event types seen, unnamed events as message, reconnect notices left out', () => {
    const ring = createLiveRing<LiveEntry>(10)
    const index = createEventTypeIndex()
    ring.push(event(0, 'tick'))
    ring.push(event(1))
    ring.push({ direction: 'in', kind: 'message', seq: 2, at: 0, data: 'Reconnected', meta: { kind: 'reconnect' } })
    expect(index.update(ring)).toEqual(['message', 'tick'])
    ring.push(event(3, 'alert'))
    expect(index.update(ring)).toEqual(['alert', 'message', 'tick'])
  })
})
