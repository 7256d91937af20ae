/**
 * The demo's chat hub: a broadcast to every connected client, a counter stream, a sum of uploaded numbers and a
 * method that fails, so a newcomer can try each kind of hub method.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { HubError } from './hub.js'
import type { HubDefinition } from './hub.js'

/** Bounds on what a demo caller can ask for. */
export const hubLimits = { maxCount: 10_000, minDelayMs: 0, maxDelayMs: 10_000, maxText: 4_096 }

function number(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new HubError(`${name} must be a number.`)
  return Math.min(Math.max(Math.trunc(value), min), max)
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new HubError(`${name} must be a string.`)
  return value.slice(0, hubLimits.maxText)
}

export const chatHub: HubDefinition = {
  methods: {
    /** Broadcasts `ReceiveMessage(user, message)` to every connected client, the caller included. */
    SendMessage({ args, clients }) {
      clients.all.send('ReceiveMessage', text(args[0], 'user'), text(args[1], 'message'))
    },
    Echo({ args }) {
      return args[0]
    },
    /** Streams 1…count, one item every delayMs; stops when the client cancels. */
    async *Counter({ args, signal }) {
      const count = number(args[0], 'count', 10, 0, hubLimits.maxCount)
      const delayMs = number(args[1], 'delayMs', 500, hubLimits.minDelayMs, hubLimits.maxDelayMs)
      for (let i = 1; i <= count; i++) {
        if (i > 1 && delayMs > 0) await sleep(delayMs, undefined, { signal })
        yield i
      }
    },
    /** Adds up the numbers the client uploads and returns the total when the client completes the stream. */
    async Sum({ streams }) {
      const upload = streams[0]
      if (!upload) throw new HubError('Sum takes a stream of numbers: invoke it with one upload stream.')
      let total = 0
      for await (const item of upload) {
        if (typeof item !== 'number') throw new HubError(`Sum adds numbers; it got ${JSON.stringify(item)}.`)
        total += item
      }
      return total
    },
    Fail() {
      throw new HubError('This method always fails: here is its error.')
    },
    /** How many clients are connected. */
    Clients({ clients }) {
      return clients.count()
    },
  },
}
