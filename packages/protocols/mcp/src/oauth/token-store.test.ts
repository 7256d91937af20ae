import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { TokenStore } from './token-store.js'
import type { HeldTokens } from './token-store.js'

const server = 'https://mcp.example.com/mcp'

function setUp(options: { lifetimeMs: number; refresh: (held: HeldTokens) => Promise<HeldTokens> }) {
  let now = 1_000_000
  const store = new TokenStore(() => now)
  let refreshes = 0
  store.set(
    server,
    { accessToken: 'a1', refreshToken: 'r1', obtainedAt: now, expiresAt: now + options.lifetimeMs },
    (held) => {
      refreshes++
      return options.refresh(held)
    },
  )
  return { store, advance: (ms: number) => (now += ms), refreshes: () => refreshes, now: () => now }
}

const rejected = () =>
  new WorkbenchError('upstream_error', 'invalid_grant', { details: { upstreamStatus: 400, error: 'invalid_grant' } })

describe('TokenStore', () => {
  it('keeps a token until the refresh margin, then refreshes once for concurrent callers', async () => {
    const t = setUp({
      lifetimeMs: 300_000,
      refresh: (held) => Promise.resolve({ ...held, accessToken: 'a2', obtainedAt: 0, expiresAt: undefined }),
    })
    expect(await t.store.current(server)).toBe('a1')
    t.advance(241_000)
    const both = await Promise.all([t.store.current(server), t.store.current(server)])
    expect(both).toEqual(['a2', 'a2'])
    expect(t.refreshes()).toBe(1)
  })

  it('forgets the tokens when the authorization server refuses the refresh', async () => {
    const t = setUp({ lifetimeMs: 10_000, refresh: () => Promise.reject(rejected()) })
    t.advance(11_000)
    await expect(t.store.current(server)).rejects.toThrow('invalid_grant')
    expect(t.store.get(server)).toBeUndefined()
  })

  it('keeps a still-valid token when the authorization server cannot be reached', async () => {
    const outage = new WorkbenchError('upstream_unreachable', 'connection refused')
    const t = setUp({ lifetimeMs: 10_000, refresh: () => Promise.reject(outage) })
    t.advance(6_000)
    expect(await t.store.current(server)).toBe('a1')
    expect(t.store.get(server)?.accessToken).toBe('a1')
  })

  it('after a 401, refreshes the refused token but not one already replaced', async () => {
    const t = setUp({
      lifetimeMs: 300_000,
      refresh: (held) => Promise.resolve({ ...held, accessToken: 'a2', obtainedAt: 0, expiresAt: undefined }),
    })
    expect(await t.store.afterRejection(server, 'a1')).toBe('a2')
    expect(await t.store.afterRejection(server, 'a1')).toBe('a2')
    expect(t.refreshes()).toBe(1)
  })
})
