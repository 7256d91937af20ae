import { describe, expect, it } from 'vitest'
import { createFilteredWindowOf } from '../live/log-window.js'
import type { ConsoleEntry } from './console-entry.js'
import { consolePredicate, filterKey, isFiltering } from './console-filter.js'
import { createConsoleStore } from './console-store.js'
import { CONSOLE_KINDS } from './console-entry.js'

const base = { at: 1, protocol: 'rest', method: 'echo.get', callId: 'u1' }

describe('console filters', () => {
  const store = createConsoleStore({ capacity: 100, schedule: () => undefined })
  store.record({ ...base, kind: 'request', detail: { messages: [{ q: 'alpha' }] } })
  store.record({ ...base, kind: 'response', status: '200 OK', detail: { response: { token: 'tok-SECRET-1' } } })
  store.record({ ...base, kind: 'frame', protocol: 'grpc', detail: { data: { n: 1, name: 'beta' } } })
  store.record({ ...base, kind: 'error', status: 'Not found', detail: { message: 'gone' } })
  const shown = (kinds: ConsoleEntry['kind'][], text: string, secrets: string[] = []) => {
    const filter = { kinds, text }
    const window = createFilteredWindowOf<ConsoleEntry>().update(
      store.ring,
      filterKey(filter, secrets),
      consolePredicate(filter, secrets),
    )
    return Array.from({ length: window.count }, (_, i) => store.ring.at(window.indexAt(i))?.kind)
  }

  it('keeps only the kinds chosen', () => {
    expect(shown(['request', 'error'], '')).toEqual(['request', 'error'])
  })

  it('matches text over protocol, method, status and the whole detail, case-insensitively', () => {
    expect(shown([...CONSOLE_KINDS], 'BETA')).toEqual(['frame'])
    expect(shown([...CONSOLE_KINDS], 'grpc')).toEqual(['frame'])
    expect(shown([...CONSOLE_KINDS], 'not found')).toEqual(['error'])
    expect(shown(['request'], 'beta')).toEqual([])
  })

  it('never finds an entry by a secret value it masks', () => {
    expect(shown([...CONSOLE_KINDS], 'tok-SECRET-1')).toEqual(['response'])
    expect(shown([...CONSOLE_KINDS], 'tok-SECRET-1', ['tok-SECRET-1'])).toEqual([])
  })

  it('is filtering only when a kind is hidden or text is typed', () => {
    expect(isFiltering({ kinds: CONSOLE_KINDS, text: ' ' })).toBe(false)
    expect(isFiltering({ kinds: ['frame'], text: '' })).toBe(true)
    expect(isFiltering({ kinds: CONSOLE_KINDS, text: 'x' })).toBe(true)
  })
})
