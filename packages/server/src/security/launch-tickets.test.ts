import { describe, expect, it } from 'vitest'
import { createLaunchTickets } from './launch-tickets.js'

describe('launch tickets', () => {
  it('are good for one exchange, then raise the alarm once (reused), then say they were used', () => {
    const tickets = createLaunchTickets()
    const ticket = tickets.issue()
    expect(ticket).toMatch(/^[\w-]{32}$/)
    expect(tickets.redeem(ticket)).toBe('ok')
    expect(tickets.redeem(ticket)).toBe('reused')
    expect(tickets.redeem(ticket)).toBe('used')
  })

  it('expire after their time to live, and are told apart from tickets never issued', () => {
    let clock = 1_000
    const tickets = createLaunchTickets({ ttlMs: 500, now: () => clock })
    const ticket = tickets.issue()
    clock += 501
    expect(tickets.redeem(ticket)).toBe('expired')
    expect(tickets.redeem('never-issued')).toBe('unknown')
    expect(tickets.issue()).not.toBe(ticket)
  })

  it('keep a bounded number of entries', () => {
    const tickets = createLaunchTickets()
    const first = tickets.issue()
    for (let i = 0; i < 100; i++) tickets.issue()
    expect(tickets.redeem(first)).toBe('unknown')
  })
})
