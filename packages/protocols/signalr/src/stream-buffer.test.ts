/**
 * A `stream` whose consumer stops reading must not buffer without bound: the session stops reading the connection once
 * a stream's unread items reach their bound (TCP then pushes back on the hub), reads again as they drain, and a cancel
 * drops what was queued. Against a real hub (the demo's hub server) streaming as fast as it can.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultCallLimits, silentLogger, splitMarkers } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { startHubServer } from '@wirebench/demo'
import type { HubServer } from '@wirebench/demo'
import { createDispatcherFactory, createGuardedLookup } from '@wirebench/transport'
import { streamBuffer } from './client/hub-session.js'
import { HubPool } from './pool.js'
import type { ResolvedOptions } from './types.js'
import { buildWire } from './wire.js'

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

function context(): CallContext {
  const { headers, markers } = splitMarkers({})
  return {
    signal: new AbortController().signal,
    metadata: headers,
    markers,
    logger: silentLogger,
    limits: { ...defaultCallLimits },
  }
}

describe('a stream nobody reads', () => {
  let server: HubServer
  const dispatchers = createDispatcherFactory({})
  const pool = new HubPool({ idleMs: 60_000, max: 4 })
  const options: ResolvedOptions = {
    maxMessageBytes: 16 * 1024 * 1024,
    handshakeTimeoutMs: 10_000,
    idleConnectionMs: 60_000,
    maxPooledConnections: 4,
    maxQueuedFrames: 1_024,
    lookup: createGuardedLookup(undefined),
  }

  beforeAll(async () => {
    server = await startHubServer({
      port: 0,
      hubs: [
        {
          path: '/hubs/flood',
          hub: {
            methods: {
              /** Items as fast as the hub can write them, until cancelled. */
              async *Flood({ signal }) {
                for (let i = 1; !signal.aborted; i++) {
                  yield i
                  if (i % 500 === 0) await yieldToLoop()
                }
              },
            },
          },
        },
      ],
    })
  })
  afterAll(async () => {
    await pool.close()
    await dispatchers.close()
    await server?.close()
  })

  // LongPolling holds its next poll the same way, but the demo hub answers a late poll with everything it queued
  // meanwhile (one response, bounded only by maxMessageBytes), which says nothing about our bound.
  it.each(['WebSockets', 'ServerSentEvents'] as const)(
    'over %s keeps its queued items bounded, resumes as they drain, and a cancel releases them',
    async (transport) => {
      const wire = buildWire(new URL(server.url('/hubs/flood')), context(), options, dispatchers)
      const choice = {
        transport,
        protocol: 'json' as const,
        skipNegotiation: false,
        keepAliveIntervalMs: 15_000,
        serverTimeoutMs: 30_000,
      }
      const lease = await pool.acquire(wire, choice, new AbortController().signal)
      const stream = lease.open.session.stream('Flood', [])
      const iterator = stream.items[Symbol.asyncIterator]()
      expect((await iterator.next()).value).toMatchObject({ value: 1 })
      // Nobody reads for a while: the hub keeps writing, the session must stop taking.
      await sleep(1_500)
      const paused = stream.buffered
      // Bounded: the mark plus what one read of the socket or one poll carried when the gate closed.
      expect(paused).toBeGreaterThanOrEqual(streamBuffer.maxItems)
      expect(paused).toBeLessThan(20_000)
      await sleep(500)
      expect(stream.buffered).toBe(paused)
      // Reading again resumes the flow, in order, with nothing lost.
      let last = 1
      for (let i = 0; i < paused + 2_000; i++) {
        const next = await iterator.next()
        expect(next.value?.value).toBe(++last)
      }
      stream.cancel()
      expect(stream.buffered).toBe(0)
      // The connection reads again (the cancel released the stream's hold): a new stream on it flows.
      const again = lease.open.session.stream('Flood', [])
      const first = await again.items[Symbol.asyncIterator]().next()
      expect(first.value).toMatchObject({ value: 1 })
      again.cancel()
      lease.release()
    },
    30_000,
  )
})
