import { describe, expect, it, vi } from 'vitest'
import { createGuardedLookup } from '@wirebench/transport'
import type * as Transport from '@wirebench/transport'
import { createWebSocketPlugin } from './plugin.js'

// The real guarded lookup, watched: the plugin must build its default lookup from it with the outbound policy.
vi.mock('@wirebench/transport', async (importOriginal) => {
  const original = await importOriginal<typeof Transport>()
  return { ...original, createGuardedLookup: vi.fn(original.createGuardedLookup) }
})

describe('createWebSocketPlugin', () => {
  it('resolves names through the guarded lookup built from the outbound policy unless given a lookup', () => {
    const guarded = vi.mocked(createGuardedLookup)
    guarded.mockClear()
    const outbound = { blockPrivate: true }
    createWebSocketPlugin({ outbound })
    expect(guarded).toHaveBeenCalledTimes(1)
    expect(guarded).toHaveBeenCalledWith(outbound)

    guarded.mockClear()
    createWebSocketPlugin({ lookup: () => undefined })
    expect(guarded).not.toHaveBeenCalled()
  })
})
