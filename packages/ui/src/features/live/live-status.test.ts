import { describe, expect, it } from 'vitest'
import type { LiveCallState } from '../../state/live-store.js'
import { hasTrailers, liveOutcomeKind, liveStatusView } from './live-status.js'

const ended = (end: LiveCallState['end']): LiveCallState =>
  ({
    status: end?.status === 'OK' ? 'closed' : 'error',
    end,
    isConnectionLost: false,
    mode: 'channel',
  }) as LiveCallState

describe('liveStatusView', () => {
  it('shows a WebSocket close as its code and reason, never as a gRPC status', () => {
    const view = liveStatusView(
      ended({ status: 'Unknown', message: 'Closed 4001: bye', details: { code: 4001, reason: 'bye' } }),
      'websocket',
    )
    expect(view).toEqual({ label: 'Closed 4001', tone: 'client-error', sentence: 'Closed 4001: bye' })
    const normal = liveStatusView(ended({ status: 'OK', details: { code: 1000, reason: '' } }), 'websocket')
    expect(normal).toEqual({ label: 'Closed 1000', tone: 'success', sentence: 'Closed 1000 (normal closure)' })
  })

  it('ends an event stream in HTTP words: ended, refused with its status, or not an event stream', () => {
    expect(liveStatusView(ended({ status: 'OK' }), 'event-stream').label).toBe('Stream ended')
    const refused = liveStatusView(
      ended({ status: 'NotFound', message: 'HTTP 404 Not Found', details: { http_status: 404, body: '' } }),
      'event-stream',
    )
    expect(refused).toEqual({ label: 'HTTP 404', tone: 'client-error', sentence: 'HTTP 404 Not Found' })
    const html = liveStatusView(
      ended({
        status: 'FailedPrecondition',
        message: 'x answered HTTP 200 with text/html',
        details: { http_status: 200 },
      }),
      'event-stream',
    )
    expect(html.label).toBe('Not an event stream')
  })

  it('ends a GraphQL subscription as completed, or with its errors counted', () => {
    expect(liveStatusView(ended({ status: 'OK' }), 'graphql').label).toBe('Completed')
    const errors = liveStatusView(
      ended({ status: 'Unknown', message: 'boom', details: [{ message: 'boom' }, { message: 'bang' }] }),
      'graphql',
    )
    expect(errors.label).toBe('2 GraphQL errors')
    expect(errors.sentence).toBe('Ended with 2 errors: boom')
  })

  it('says Cancelled for a call cancelled in the workbench', () => {
    const view = liveStatusView(ended({ status: 'Cancelled', message: 'Cancelled in the workbench.' }), 'websocket')
    expect(view).toEqual({ label: 'Cancelled', tone: 'client-error', sentence: 'Cancelled in the workbench.' })
  })

  it('keeps gRPC status names with their codes for RPC protocols', () => {
    expect(liveStatusView(ended({ status: 'OK' })).sentence).toBe('Ended · OK (0)')
    expect(liveStatusView(ended({ status: 'NotFound', message: 'no such feed' }), 'rpc').sentence).toBe(
      'Ended · NotFound (5) · no such feed',
    )
    expect(liveStatusView(ended({ status: 'Cancelled', message: 'Cancelled in the workbench.' })).label).toBe(
      'Cancelled (1)',
    )
  })
})

describe('liveOutcomeKind', () => {
  it('gives trailers to the RPC protocols only', () => {
    expect(['grpc', 'grpcweb', 'connect', 'sse', 'rest', 'websocket', 'graphql'].map(liveOutcomeKind)).toEqual([
      'rpc',
      'rpc',
      'rpc',
      'event-stream',
      'event-stream',
      'websocket',
      'graphql',
    ])
    expect(hasTrailers('event-stream')).toBe(false)
    expect(hasTrailers('rpc')).toBe(true)
  })

  it('treats an MCP session channel as a session: no trailers, no composer to send with', () => {
    expect(liveOutcomeKind('mcp')).toBe('session')
    expect(hasTrailers('session')).toBe(false)
    const open = liveStatusView(
      { status: 'open', isConnectionLost: false, mode: 'channel' } as LiveCallState,
      'session',
    )
    expect(open.sentence).not.toContain('composer')
    expect(open.sentence).toBe('Session open: the server’s notifications and requests appear here.')
  })
})
