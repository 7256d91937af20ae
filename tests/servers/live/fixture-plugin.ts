/**
 * A streaming protocol plugin whose streams and channels are generated in-process: a fixture for testing the live
 * multiplexer (`/api/ws`), not a protocol under test. It records what the server did to it (pulls, aborts, disposals,
 * the headers and markers it received) so tests can observe the upstream side.
 */
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, Channel, ProtocolPlugin, StreamFrame } from '@wirebench/core'

export interface FixtureCallRecord {
  method: string
  metadata: Record<string, string>
  markerKeys: string[]
  /** Upstream frames handed to the server so far (each one a pull of the iterator). */
  pulls: number
  /** Set when the call's signal fired: the reason's code, or 'abort'. */
  abortedWith?: string
  disposed: boolean
  sent: unknown[]
  deadline?: number
}

export interface LiveFixture {
  plugin: ProtocolPlugin
  calls: FixtureCallRecord[]
  /** Resolves with the record of the `index`-th call once it exists. */
  call(index: number): Promise<FixtureCallRecord>
}

interface CountRequest {
  n?: number
  /** `big`: the size of the one message's text. */
  bytes?: number
}

function abortedWith(signal: AbortSignal): string {
  const reason: unknown = signal.reason
  return reason instanceof WorkbenchError ? reason.code : 'abort'
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}

export function createLiveFixture(): LiveFixture {
  const calls: FixtureCallRecord[] = []
  const waiters: Array<() => void> = []

  const record = (method: string, ctx: CallContext): FixtureCallRecord => {
    const entry: FixtureCallRecord = {
      method,
      metadata: ctx.metadata,
      markerKeys: Object.keys(ctx.markers),
      pulls: 0,
      disposed: false,
      sent: [],
    }
    if (ctx.deadline !== undefined) entry.deadline = ctx.deadline
    ctx.signal.addEventListener('abort', () => (entry.abortedWith = abortedWith(ctx.signal)), { once: true })
    calls.push(entry)
    for (const wake of waiters.splice(0)) wake()
    return entry
  }

  async function* stream(method: string, request: CountRequest, ctx: CallContext): AsyncGenerator<StreamFrame> {
    const entry = record(method, ctx)
    switch (method) {
      case 'count': {
        // `n` messages numbered 1..n, then an OK end: no I/O in between, as fast as the consumer pulls.
        const n = request.n ?? 10
        yield { type: 'headers', metadata: { 'x-fixture': 'count' } }
        entry.pulls++
        for (let i = 1; i <= n; i++) {
          entry.pulls++
          yield { type: 'message', data: { i } }
        }
        entry.pulls++
        yield { type: 'end', status: 'OK' }
        return
      }
      case 'endless':
        for (let i = 1; !ctx.signal.aborted; i++) {
          entry.pulls++
          yield { type: 'message', data: { i } }
        }
        return
      case 'big':
        // One message of `bytes` characters between two small ones, then an OK end.
        entry.pulls += 4
        yield { type: 'message', data: { i: 1 } }
        yield { type: 'message', data: 'x'.repeat(request.bytes ?? 1024) }
        yield { type: 'message', data: { i: 3 } }
        yield { type: 'end', status: 'OK' }
        return
      case 'hang':
        await aborted(ctx.signal)
        throw ctx.signal.reason
      case 'fail':
        entry.pulls++
        yield { type: 'message', data: { i: 1 } }
        throw new WorkbenchError('upstream_error', 'The fixture stream broke after one message.')
      case 'crash':
        // A plain Error whose text must stay in the server log, not reach the browser.
        throw new Error('fixture internal detail SECRET-CRASH-TEXT')
      default:
        throw new WorkbenchError('not_found', `The fixture has no stream "${method}".`)
    }
  }

  function openChannel(method: string, ctx: CallContext): Channel {
    const entry = record(method, ctx)
    const queued: StreamFrame[] = []
    let wake: (() => void) | undefined
    let sendClosed = false
    const push = (frame: StreamFrame) => {
      queued.push(frame)
      wake?.()
    }
    async function* channelFrames(): AsyncGenerator<StreamFrame> {
      for (;;) {
        while (queued.length > 0) {
          const frame = queued.shift()!
          entry.pulls++
          yield frame
          if (frame.type === 'end') return
        }
        if (ctx.signal.aborted) return
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted(ctx.signal)])
        wake = undefined
      }
    }
    return {
      id: `fixture-${calls.length}`,
      clientStreaming: true,
      serverStreaming: method !== 'collect',
      send(message) {
        if (method === 'refuse') {
          return Promise.reject(new WorkbenchError('invalid_request', 'The fixture refuses every message.'))
        }
        // `stall`: a target that never takes a message, so sends pile up waiting.
        if (method === 'stall') return aborted(ctx.signal).then(() => false)
        if (sendClosed) return Promise.resolve(false)
        entry.sent.push(message)
        if (method === 'echo') push({ type: 'message', data: { echo: message } })
        return Promise.resolve(true)
      },
      closeSend() {
        sendClosed = true
        if (method === 'collect') push({ type: 'message', data: { count: entry.sent.length } })
        push({ type: 'end', status: 'OK' })
        return Promise.resolve()
      },
      frames() {
        // A plugin that fails synchronously, before any iterator exists.
        if (method === 'brokenFrames') throw new WorkbenchError('upstream_error', 'The fixture channel has no frames.')
        return channelFrames()
      },
      dispose() {
        entry.disposed = true
        return Promise.resolve()
      },
    }
  }

  const plugin: ProtocolPlugin = {
    id: 'fixture',
    name: 'Live fixture',
    discover: () => Promise.resolve([]),
    invoke: () => Promise.reject(new WorkbenchError('unsupported', 'The live fixture only streams.')),
    invokeStream: (call, ctx) => stream(call.method, call.messages[0] ?? {}, ctx),
    openChannel: (call, ctx) => {
      if (call.method === 'unopenable') {
        return Promise.reject(new WorkbenchError('upstream_unreachable', 'The fixture channel cannot open.'))
      }
      return Promise.resolve(openChannel(call.method, ctx))
    },
  }

  return {
    plugin,
    calls,
    async call(index) {
      while (calls.length <= index) await new Promise<void>((resolve) => waiters.push(resolve))
      return calls[index]!
    },
  }
}
