import { describe, expect, it } from 'vitest'
import { useDemoApp } from './demo-app.test-helpers.js'

describe('REST demo: requests from web pages', () => {
  const demo = useDemoApp()

  it('refuses another Origin and Sec-Fetch-Site cross-site with 403 before any route runs', async () => {
    const fromPage = await demo.app.inject({ url: '/api/v1/echo', headers: { origin: 'https://evil.example' } })
    expect(fromPage.statusCode).toBe(403)
    expect(fromPage.json()).toMatchObject({ code: 'forbidden' })
    const crossSite = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { text: 'hi' },
    })
    expect(crossSite.statusCode).toBe(403)
    expect((await demo.app.inject({ url: '/openapi.json' })).statusCode).toBe(200)
  })
})
