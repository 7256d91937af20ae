import { describe, expect, it } from 'vitest'
import { manualClock } from '../proxy/recording-client.test-helpers.js'
import { createTokenCache, type CachedToken } from './token-cache.js'

function counter(clock: { now: () => number }, ttlMs = 3_600_000) {
  let n = 0
  return {
    get count() {
      return n
    },
    fetch: (): Promise<CachedToken> => Promise.resolve({ accessToken: `t${++n}`, expiresAt: clock.now() + ttlMs }),
  }
}

describe('createTokenCache', () => {
  it('reuses a token while more than 60 s from expiry and refetches at the 60 s boundary', async () => {
    const clock = manualClock()
    const cache = createTokenCache({ clock: clock.now })
    const source = counter(clock)
    const get = () => cache.get({ key: 'k', fingerprint: 'f', fetch: source.fetch })
    expect((await get()).accessToken).toBe('t1')
    clock.advance(3_600_000 - 60_001) // 60.001 s left
    expect((await get()).accessToken).toBe('t1')
    clock.advance(1) // exactly 60 s left: no longer "more than" 60 s
    expect((await get()).accessToken).toBe('t2')
    expect(source.count).toBe(2)
  })

  it('refreshes a short-lived token at half its lifetime instead of fetching on every call', async () => {
    const clock = manualClock()
    const cache = createTokenCache({ clock: clock.now })
    const source = counter(clock, 30_000) // expires_in 30: the margin is 15 s, not 60 s
    const get = () => cache.get({ key: 'k', fingerprint: 'f', fetch: source.fetch })
    expect((await get()).accessToken).toBe('t1')
    clock.advance(14_999)
    expect((await get()).accessToken).toBe('t1')
    expect(cache.peek('k', 'f')?.accessToken).toBe('t1')
    clock.advance(1) // exactly 15 s left
    expect((await get()).accessToken).toBe('t2')
    expect(source.count).toBe(2)
  })

  it('keeps the 60 s margin for a token living exactly 120 s', async () => {
    const clock = manualClock()
    const cache = createTokenCache({ clock: clock.now })
    const source = counter(clock, 120_000)
    const get = () => cache.get({ key: 'k', fingerprint: 'f', fetch: source.fetch })
    await get()
    clock.advance(59_999)
    expect((await get()).accessToken).toBe('t1')
    clock.advance(1)
    expect((await get()).accessToken).toBe('t2')
  })

  it('shares one in-flight fetch between concurrent callers of the same key', async () => {
    const clock = manualClock()
    const cache = createTokenCache({ clock: clock.now })
    let release: (token: CachedToken) => void = () => {}
    let fetches = 0
    const fetch = () => {
      fetches++
      return new Promise<CachedToken>((resolve) => (release = resolve))
    }
    const all = Promise.all([1, 2, 3].map(() => cache.get({ key: 'k', fingerprint: 'f', fetch })))
    release({ accessToken: 'shared', expiresAt: clock.now() + 3_600_000 })
    expect((await all).map((t) => t.accessToken)).toEqual(['shared', 'shared', 'shared'])
    expect(fetches).toBe(1)
  })

  it('drops the entry when the config fingerprint changes', async () => {
    const clock = manualClock()
    const cache = createTokenCache({ clock: clock.now })
    const source = counter(clock)
    await cache.get({ key: 'k', fingerprint: 'secret-a', fetch: source.fetch })
    expect((await cache.get({ key: 'k', fingerprint: 'secret-b', fetch: source.fetch })).accessToken).toBe('t2')
    expect(cache.peek('k', 'secret-a')).toBeUndefined()
  })

  it('does not cache failures and forgets everything on clear()', async () => {
    const clock = manualClock()
    const cache = createTokenCache({ clock: clock.now })
    await expect(
      cache.get({ key: 'k', fingerprint: 'f', fetch: () => Promise.reject(new Error('down')) }),
    ).rejects.toThrow('down')
    const source = counter(clock)
    expect((await cache.get({ key: 'k', fingerprint: 'f', fetch: source.fetch })).accessToken).toBe('t1')
    cache.clear()
    expect(cache.peek('k', 'f')).toBeUndefined()
    expect((await cache.get({ key: 'k', fingerprint: 'f', fetch: source.fetch })).accessToken).toBe('t2')
  })

  it('does not store a token whose fetch was overtaken by clear()', async () => {
    const clock = manualClock()
    const cache = createTokenCache({ clock: clock.now })
    let release: (token: CachedToken) => void = () => {}
    const pending = cache.get({
      key: 'k',
      fingerprint: 'f',
      fetch: () => new Promise((resolve) => (release = resolve)),
    })
    cache.clear()
    release({ accessToken: 'stale', expiresAt: clock.now() + 3_600_000 })
    expect((await pending).accessToken).toBe('stale')
    expect(cache.peek('k', 'f')).toBeUndefined()
  })
})
