import { describe, expect, it } from 'vitest'
import { createTargetCache } from './target-cache.js'

interface Entry {
  name: string
  uploaded: boolean
}

const entry = (name: string, uploaded = false): Entry => ({ name, uploaded })

describe('target cache', () => {
  it('decides what is an upload from the entry, and keeps uploads outside the bound', () => {
    const cache = createTargetCache<Entry>({ maxUrlTargets: 1, isUpload: (_target, e) => e.uploaded })
    cache.set('a.proto', entry('upload', true))
    cache.set('http://a', entry('a'))
    cache.set('http://b', entry('b'))
    expect(cache.get('a.proto')?.name).toBe('upload')
    expect(cache.get('http://a')).toBeUndefined()
    expect(cache.get('http://b')?.name).toBe('b')
  })

  it('counts a read as a use when choosing what to evict', () => {
    const cache = createTargetCache<Entry>({ maxUrlTargets: 2, isUpload: () => false })
    cache.set('http://a', entry('a'))
    cache.set('http://b', entry('b'))
    cache.get('http://a')
    cache.set('http://c', entry('c'))
    expect(cache.get('http://b')).toBeUndefined()
    expect(cache.get('http://a')?.name).toBe('a')
    cache.delete('http://a')
    expect(cache.get('http://a')).toBeUndefined()
  })
})
