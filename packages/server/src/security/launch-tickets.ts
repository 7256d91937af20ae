/**
 * One-time launch tickets: the CLI opens the browser on `#ticket=<ticket>` instead of `#token=<token>`, because a
 * browser's command line (and xdg-open's) is readable by every local user. A ticket is good for one exchange, within a
 * short time, and then says whether it was used or expired, so the page can tell the user what to do.
 */
import { createHash, randomBytes } from 'node:crypto'

/**
 * `reused`: the first attempt after the ticket was spent. Two parties held the link, so the one that spent it may
 * have been another program that read the browser's command line: the session token must be replaced. Later attempts
 * are `used` (the alarm was raised once; repeating it would only lock the user out again and again).
 */
export type TicketOutcome = 'ok' | 'reused' | 'used' | 'expired' | 'unknown'

export interface LaunchTickets {
  /** A fresh ticket, valid for one exchange within the time to live. */
  issue(): string
  /** Spends a ticket; only the first exchange of a live ticket is `ok`, the next one `reused`. */
  redeem(ticket: string): TicketOutcome
}

export interface LaunchTicketOptions {
  /** How long a ticket stays good; default two minutes (a cold browser start takes seconds). */
  ttlMs?: number
  now?: () => number
}

interface Entry {
  expiresAt: number
  isUsed: boolean
  isReuseReported: boolean
}

/** Tickets kept at most (issued ones plus spent ones remembered for their message); the oldest go first. */
const maxEntries = 64

/** Stored by hash: a lookup never compares the secret itself, and a heap dump shows no live ticket. */
function keyOf(ticket: string): string {
  return createHash('sha256').update(ticket, 'utf8').digest('hex')
}

export function createLaunchTickets(options: LaunchTicketOptions = {}): LaunchTickets {
  const ttlMs = options.ttlMs ?? 120_000
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()

  return {
    issue() {
      const ticket = randomBytes(24).toString('base64url')
      entries.set(keyOf(ticket), { expiresAt: now() + ttlMs, isUsed: false, isReuseReported: false })
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      return ticket
    },
    redeem(ticket) {
      const entry = entries.get(keyOf(ticket))
      if (!entry) return 'unknown'
      if (entry.isUsed) {
        if (entry.isReuseReported) return 'used'
        entry.isReuseReported = true
        return 'reused'
      }
      if (now() > entry.expiresAt) return 'expired'
      entry.isUsed = true
      return 'ok'
    },
  }
}
