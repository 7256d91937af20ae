import { describe, expect, it } from 'vitest'
import type { SavedRequest } from '@wirebench/core'
import { readTimeout, withDetails } from './saved-details.js'

const request: SavedRequest = {
  version: 1,
  name: 'get-book',
  protocol: 'rest',
  url: 'http://127.0.0.1:1/openapi.json',
  service: 'Books',
  method: 'getBook',
  messages: [{ bookId: 1 }],
  options: { serverUrl: 'http://127.0.0.1:2', timeoutMs: 5000 },
  notes: 'old',
}

describe('saved request details', () => {
  it('reads an empty timeout as the default and refuses what is not a whole number of milliseconds', () => {
    expect(readTimeout(' ')).toEqual({ timeoutMs: undefined })
    expect(readTimeout('2500')).toEqual({ timeoutMs: 2500 })
    for (const text of ['2.5', '-1', '0', '30s']) {
      expect(readTimeout(text)).toEqual({ problem: expect.stringContaining('whole number of milliseconds') as string })
    }
  })

  it('writes notes and timeout, and leaves empty ones out while other options stay', () => {
    expect(withDetails(request, 'new notes', 9000)).toEqual({
      ...request,
      notes: 'new notes',
      options: { serverUrl: 'http://127.0.0.1:2', timeoutMs: 9000 },
    })
    const cleared = withDetails(request, '  ', undefined)
    expect(cleared.notes).toBeUndefined()
    expect(cleared.options).toEqual({ serverUrl: 'http://127.0.0.1:2' })
  })
})
