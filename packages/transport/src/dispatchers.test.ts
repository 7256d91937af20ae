import { describe, expect, it } from 'vitest'
import { createDispatcherFactory } from './dispatchers.js'

describe('dispatcher factory', () => {
  it('refuses a cookie jar it cannot apply yet instead of sending without the session', async () => {
    const factory = createDispatcherFactory()
    expect(() => factory.acquire({ cookieEnv: 'dev' })).toThrow(/Cookie jars are not supported/)
    await factory.close()
  })

  it('shares one dispatcher between calls without transport markers', async () => {
    const factory = createDispatcherFactory()
    expect(factory.acquire({}).dispatcher).toBe(factory.acquire({ apiKeyQuery: [] }).dispatcher)
    await factory.close()
  })
})
