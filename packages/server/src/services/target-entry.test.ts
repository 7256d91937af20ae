import { describe, expect, it } from 'vitest'
import { parseTargetEntry, uniqueEntries } from './target-entry.js'

const registered = (id: string) => id === 'rest' || id === 'grpc'

describe('protocol@url entries', () => {
  it('pins a registered plugin when the rest is an absolute URL', () => {
    expect(parseTargetEntry('rest@http://h/doc.json', registered)).toEqual({
      entry: 'rest@http://h/doc.json',
      url: 'http://h/doc.json',
      pinned: 'rest',
    })
  })

  it('keeps user-info URLs, unknown ids and non-URLs whole', () => {
    for (const raw of ['http://user@h/doc', 'mcp@http://h/', 'rest@not a url', 'rest@h:80', '@http://h/']) {
      expect(parseTargetEntry(raw, registered)).toEqual({ entry: raw, url: raw })
    }
  })

  it('trims and de-duplicates, keeping the first occurrence', () => {
    const entries = ['http://a/', ' http://a/ ', 'rest@http://a/', 'http://b/'].map((e) =>
      parseTargetEntry(e, registered),
    )
    expect(uniqueEntries(entries).map((e) => e.entry)).toEqual(['http://a/', 'rest@http://a/', 'http://b/'])
  })
})
