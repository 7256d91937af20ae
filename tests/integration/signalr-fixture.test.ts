/**
 * Proves OUR SignalR hub server (`@wirebench/demo`, written from HubProtocol.md and TransportProtocols.md; no
 * third-party SignalR server runs without .NET) with the official `@microsoft/signalr` client used directly, in a
 * plain Node process: every transport × hub protocol, negotiate v0 and v1, streams with a cancel the server observes,
 * uploads, broadcasts from another connection, server pings and a Close with an error. The plugin's tests then run
 * against a server the official client accepts.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HubServer } from '@wirebench/demo'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'

const run = promisify(execFile)
const combos = [
  ['WebSockets', 'json'],
  ['WebSockets', 'messagepack'],
  ['ServerSentEvents', 'json'],
  ['LongPolling', 'json'],
  ['LongPolling', 'messagepack'],
] as const

type Report = Record<string, { ok?: unknown; error?: string }>

let server: HubServer
let v0Server: HubServer
let report: Report

beforeAll(async () => {
  server = await startTestHubServer({ keepAliveIntervalMs: 200, longPollTimeoutMs: 2_000 })
  v0Server = await startTestHubServer({ negotiateVersion: 0 })
  const script = fileURLToPath(new URL('../servers/signalr/official-client.mjs', import.meta.url))
  const { stdout } = await run(process.execPath, [script, server.url('/hubs/test'), v0Server.url('/hubs/test')], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { PATH: process.env['PATH'] ?? '' },
    timeout: 100_000,
  })
  report = JSON.parse(stdout) as Report
}, 120_000)

afterAll(async () => {
  await Promise.all([server?.close(), v0Server?.close()])
})

function ok(name: string): unknown {
  const entry = report[name]
  expect(entry?.error, name).toBeUndefined()
  return entry?.ok
}

describe.each(combos)(
  'our hub server over %s with the %s protocol, driven by the official client',
  (transport, protocol) => {
    it('invokes, streams, cancels, takes an upload and reports hub errors', () => {
      expect(ok(`calls ${transport} ${protocol}`)).toEqual({
        echo: { hello: 'hub' },
        who: { transport, protocol },
        counter: [1, 2, 3, 4, 5],
        cancelledAfter: 3,
        sum: 10,
        fail: expect.stringMatching(/HubException: This method always fails/) as unknown,
        throwPlain: expect.stringMatching(
          /^An unexpected error occurred invoking 'ThrowPlain' on the server\.$/,
        ) as unknown,
        missing: expect.stringMatching(/Method does not exist/) as unknown,
      })
    })

    it('delivers every broadcast from another connection, then closes with the server error', () => {
      expect(ok(`broadcast ${transport} ${protocol}`)).toEqual({
        ticks: Array.from({ length: 200 }, (_, i) => i + 1),
        closeError: 'Server returned an error on close: the hub had enough',
      })
    })
  },
)

describe('the rest of the spec', () => {
  it('observed a CancelInvocation for every cancelled stream', () => {
    const cancelled = server.endpoint('/hubs/test').stats.cancellations.filter((c) => c.target === 'Endless')
    expect(cancelled).toHaveLength(combos.length)
  })

  it('speaks negotiate version 0 (connectionId only) on every transport', async () => {
    expect(ok('negotiate v0')).toEqual(['WebSockets', 'ServerSentEvents', 'LongPolling'])
    const response = await fetch(`${v0Server.url('/hubs/test')}/negotiate?negotiateVersion=1`, { method: 'POST' })
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ negotiateVersion: 0 })
    expect(body['connectionToken']).toBeUndefined()
  })

  it('lets WebSockets skip negotiation, and pings an idle client often enough to keep it', () => {
    expect(ok('skip negotiation')).toBe('direct')
    expect(ok('idle with server pings')).toBe('Connected')
  })

  it('answers a plain GET of the hub with 400 "Connection ID required", as ASP.NET Core does', async () => {
    const response = await fetch(server.url('/hubs/test'))
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('Connection ID required')
  })
})
