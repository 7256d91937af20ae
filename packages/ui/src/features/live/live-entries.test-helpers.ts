/** Live log entries for unit tests: a received frame (with any fields overridden) and a sent message. */
import type { LiveEntry } from '../../state/live-store.js'

type Received = Extract<LiveEntry, { direction: 'in' }>
type Sent = Extract<LiveEntry, { direction: 'out' }>

export const received = (data: unknown, patch: Partial<Received> = {}): LiveEntry => ({
  direction: 'in',
  kind: 'message',
  seq: 1,
  at: 0,
  data,
  ...patch,
})

export const sent = (data: unknown, outcome: Sent['outcome'] = 'pending'): LiveEntry => ({
  direction: 'out',
  kind: 'message',
  ref: 1,
  at: 0,
  data,
  outcome,
})
