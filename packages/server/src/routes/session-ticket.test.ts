import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Problem } from '@wirebench/core'
import { createLaunchTickets } from '../security/launch-tickets.js'
import { TEST_TOKEN, createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'

describe('POST /api/session/ticket', () => {
  const tickets = createLaunchTickets()
  const rotated: string[] = []
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({
      plugins: [],
      launchTickets: tickets,
      onSessionTokenRotated: (token) => rotated.push(token),
    })
  })
  afterAll(() => h.close())

  const page = { host: 'localhost:5080', origin: 'http://localhost:5080', 'sec-fetch-site': 'same-origin' }
  const exchange = (ticket: string, headers: Record<string, string> = page, url = '/api/session/ticket') =>
    h.app.inject({ method: 'POST', url, headers, payload: { ticket } })

  it('trades a ticket for the session token once, without the token; a second try replaces the token', async () => {
    const ticket = tickets.issue()
    const first = await exchange(ticket)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ token: TEST_TOKEN })
    expect(first.headers['cache-control']).toBe('no-store')
    const protocols = (token: string) =>
      h.app.inject({ url: '/api/protocols', headers: { host: 'localhost:5080', 'x-workbench-token': token } })
    expect((await protocols(TEST_TOKEN)).statusCode).toBe(200)

    const again = await exchange(ticket)
    expect(again.statusCode).toBe(401)
    expect(again.json<Problem>()).toMatchObject({
      code: 'unauthorized',
      detail: expect.stringMatching(/^This link’s one-time sign-in ticket was already used: another program/),
      hint: expect.stringContaining('new URL'),
    })
    // The token the first exchange gave out stopped working; the new one the server announced works.
    expect((await protocols(TEST_TOKEN)).statusCode).toBe(401)
    expect(rotated).toHaveLength(1)
    expect(rotated[0]).toMatch(/^[0-9a-f]{64}$/)
    expect((await protocols(rotated[0]!)).statusCode).toBe(200)

    const third = await exchange(ticket)
    expect(third.json<Problem>().detail).toBe('This link’s one-time sign-in ticket was already used.')
    expect(rotated).toHaveLength(1)
    const unknown = await exchange('not-a-ticket')
    expect(unknown.json<Problem>().detail).toMatch(/not one this workbench issued/)
    // A new ticket now buys the new token.
    expect((await exchange(tickets.issue())).json()).toEqual({ token: rotated[0] })
  })

  it('refuses other origins, cross-site fetches and requests without an origin, without spending the ticket', async () => {
    const ticket = tickets.issue()
    for (const headers of [
      { ...page, origin: 'http://evil.test' },
      { ...page, 'sec-fetch-site': 'cross-site' },
      { ...page, 'sec-fetch-site': 'same-site' },
      { host: 'localhost:5080' },
      { ...page, host: 'evil.test' },
    ]) {
      const res = await exchange(ticket, headers)
      expect(res.statusCode, JSON.stringify(headers)).toBe(403)
    }
    expect((await exchange(ticket)).statusCode).toBe(200)
  })

  it('leaves every other API path behind the token, however close its spelling is', async () => {
    const ticket = tickets.issue()
    for (const url of ['/api/session/ticket/', '/api/session/ticketx', '/api/session', '/api/protocols']) {
      const res = await exchange(ticket, page, url)
      expect(res.statusCode, url).toBe(401)
    }
    expect((await exchange(ticket)).statusCode).toBe(200)
  })
})

describe('without a session token (--no-token)', () => {
  it('has no ticket exchange at all', async () => {
    const h = await createHarness({ plugins: [], token: null, launchTickets: createLaunchTickets() })
    try {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/session/ticket',
        headers: { host: 'localhost', origin: 'http://localhost' },
        payload: { ticket: 'x' },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await h.close()
    }
  })
})
