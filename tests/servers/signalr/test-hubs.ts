/**
 * Hubs for the SignalR tests, on OUR hub server (`@wirebench/demo`'s, written from the SignalR specs: no third-party
 * SignalR server runs without .NET). `signalr-fixture.test.ts` proves that server with the official client.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { HubError, chatHub, startHubServer } from '@wirebench/demo'
import type { HubDefinition, HubEndpointOptions, HubServer, HubServerOptions } from '@wirebench/demo'

/** The demo chat hub plus what tests need to see from the server side. */
export const testHub: HubDefinition = {
  methods: {
    ...chatHub.methods,
    /** What the server saw of the caller: its credentials, transport and protocol. */
    WhoAmI({ auth, transport, protocol, connectionId }) {
      return { ...auth, transport, protocol, connectionId }
    },
    /** Closes the caller's connection with a Close message carrying `message` as its error. */
    CloseWithError({ args, close }) {
      setImmediate(() => close(typeof args[0] === 'string' ? args[0] : 'closed by the test hub'))
    },
    /** Ends the caller's connection with a Close that allows a reconnect (as a server shutting down does). */
    Drop({ close }) {
      setImmediate(() => close('the hub restarts', true))
    },
    /** Sends `count` `Tick(i, tag)` invocations to every client, as fast as the transport takes them. */
    Broadcast({ args, clients }) {
      const count = typeof args[0] === 'number' ? args[0] : 1
      const tag = typeof args[1] === 'string' ? args[1] : ''
      for (let i = 1; i <= count; i++) clients.all.send('Tick', i, tag)
      return count
    },
    /** Streams forever (every `delayMs`) until cancelled: the tests watch the server observe the cancel. */
    async *Endless({ args, signal }) {
      const delayMs = typeof args[0] === 'number' ? args[0] : 20
      for (let i = 1; ; i++) {
        yield i
        await sleep(delayMs, undefined, { signal })
      }
    },
    /** Returns its arguments as they arrived (MessagePack binary stays binary). */
    Arguments({ args }) {
      return args
    },
    /** Answers after `ms` (default 5 s) unless cancelled: a call the tests can cancel or time out. */
    async Slow({ args, signal }) {
      await sleep(typeof args[0] === 'number' ? args[0] : 5_000, undefined, { signal })
      return 'slept'
    },
    Bytes({ args }) {
      const size = typeof args[0] === 'number' ? args[0] : 4
      return new Uint8Array(Array.from({ length: size }, (_, i) => i % 256))
    },
    ThrowPlain() {
      throw new Error('a detail the server keeps to itself')
    },
    ThrowHub() {
      throw new HubError('bad input: the hub says why')
    },
  },
}

export async function startTestHubServer(
  hub: Partial<HubEndpointOptions> = {},
  server: Omit<HubServerOptions, 'hubs'> = {},
): Promise<HubServer> {
  return startHubServer({ ...server, hubs: [{ path: '/hubs/test', hub: testHub, ...hub }] })
}
