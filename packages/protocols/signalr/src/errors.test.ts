import { describe, expect, it } from 'vitest'
import { reconnectReason } from './errors.js'

describe('reconnect reasons in the log', () => {
  it('drop the error class names the client nests into its messages', () => {
    expect(
      reconnectReason(
        'Failed to complete negotiation with the server: WorkbenchError: Cannot reach 127.0.0.1:5000: connection refused.',
      ),
    ).toBe('Failed to complete negotiation with the server: Cannot reach 127.0.0.1:5000: connection refused.')
    expect(reconnectReason('Error: WebSocket closed with status code: 1006 (no reason given).')).toBe(
      'WebSocket closed with status code: 1006 (no reason given).',
    )
  })

  it('say plainly that a connection ended without an error', () => {
    expect(reconnectReason('Attempting to reconnect due to a unknown error.')).toBe(
      'The connection ended without an error.',
    )
  })
})
