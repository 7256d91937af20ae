import { describe, expect, it } from 'vitest'
import { createCookieJars } from './cookies/cookie-jars.js'
import { createDispatcherFactory } from './dispatchers.js'

describe('dispatcher factory', () => {
  it('shares one dispatcher between calls without transport markers', async () => {
    const factory = createDispatcherFactory()
    expect(factory.acquire({}).dispatcher).toBe(factory.acquire({ apiKeyQuery: [] }).dispatcher)
    await factory.close()
  })

  it('wraps calls with a cookie environment in that environment’s jar from the shared registry', async () => {
    const cookieJars = createCookieJars()
    const factory = createDispatcherFactory({ cookieJars })
    const plain = factory.acquire({}).dispatcher
    const withJar = factory.acquire({ cookieEnv: 'dev' }).dispatcher
    expect(withJar).not.toBe(plain)
    expect(factory.cookieJars).toBe(cookieJars)
    expect(cookieJars.size).toBe(1)
    await factory.close()
  })

  it('refuses unusable mTLS material before any connection, naming the field', async () => {
    const factory = createDispatcherFactory()
    expect(() => factory.acquire({ mtls: { certificate: 'nope', privateKey: 'nope' } })).toThrow(
      /client certificate is not a PEM certificate/,
    )
    await factory.close()
  })
})
