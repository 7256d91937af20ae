import { describe, expect, it } from 'vitest'
import type { LiveCallState } from '../../state/live-store.js'
import { liveStatusView } from './live-status.js'

const ended = (end: LiveCallState['end']): LiveCallState =>
  ({
    status: end?.status === 'OK' ? 'closed' : 'error',
    end,
    isConnectionLost: false,
    mode: 'channel',
  }) as LiveCallState

describe('liveStatusView', () => {
  it('leads with a WebSocket close as the server gave it', () => {
    const view = liveStatusView(
      ended({ status: 'Unknown', message: 'Closed 4001: bye', details: { code: 4001, reason: 'bye' } }),
    )
    expect(view.sentence).toBe('Closed 4001: bye · Unknown (2)')
    expect(view.tone).toBe('server-error')
  })

  it('keeps the usual sentence for other end statuses', () => {
    expect(liveStatusView(ended({ status: 'OK' })).sentence).toBe('Ended · OK (0)')
    expect(liveStatusView(ended({ status: 'NotFound', message: 'no such feed' })).sentence).toBe(
      'Ended · NotFound (5) · no such feed',
    )
  })
})
