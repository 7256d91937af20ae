import { describe, expect, it } from 'vitest'
import { createDocumentCache } from './document-cache.js'
import type { CachedDocument } from './document-cache.js'

const doc = (target: string): CachedDocument => ({ target, services: [], methods: new Map() })

describe('document cache', () => {
  it('evicts the least recently used URL document beyond the bound', () => {
    const cache = createDocumentCache(2)
    cache.set('http://a/doc', doc('a'))
    cache.set('http://b/doc', doc('b'))
    expect(cache.get('http://a/doc')?.target).toBe('a')
    cache.set('http://c/doc', doc('c'))
    expect(cache.get('http://b/doc')).toBeUndefined()
    expect(cache.get('http://a/doc')?.target).toBe('a')
    expect(cache.get('http://c/doc')?.target).toBe('c')
  })

  it('never evicts uploads, which nothing could fetch again', () => {
    const cache = createDocumentCache(1)
    cache.set('petstore.yaml', doc('upload'))
    cache.set('http://a/doc', doc('a'))
    cache.set('http://b/doc', doc('b'))
    expect(cache.get('petstore.yaml')?.target).toBe('upload')
    expect(cache.get('http://a/doc')).toBeUndefined()
  })

  it('forgets a target on delete', () => {
    const cache = createDocumentCache()
    cache.set('x.json', doc('x'))
    cache.delete('x.json')
    expect(cache.get('x.json')).toBeUndefined()
  })
})
