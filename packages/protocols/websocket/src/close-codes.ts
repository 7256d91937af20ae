/** WebSocket close codes as call outcomes: the status name of the `end` frame and the words shown with it. */
import type { StatusName } from '@wirebench/core'

const statuses: Record<number, StatusName> = {
  1000: 'OK',
  1001: 'OK',
  1005: 'OK', // the server closed without a code: a normal close
  1002: 'Internal', // protocol error
  1003: 'InvalidArgument', // data of a kind the endpoint cannot accept
  1006: 'Unavailable', // the connection dropped without a close frame
  1007: 'InvalidArgument', // payload not consistent with the message type
  1008: 'PermissionDenied', // policy violation
  1009: 'ResourceExhausted', // message too big
  1010: 'FailedPrecondition', // an extension the client needed was not negotiated
  1011: 'Internal',
  1012: 'Unavailable', // service restart
  1013: 'Unavailable', // try again later
  1014: 'Unavailable', // bad gateway
  1015: 'Unavailable', // TLS handshake failure
  3000: 'Unauthenticated', // IANA registry: unauthorized
  3003: 'PermissionDenied', // forbidden
  3008: 'DeadlineExceeded', // timeout
}

export function closeStatus(code: number): StatusName {
  return statuses[code] ?? 'Unknown'
}

/** `Closed <code>: <reason>` (just `Closed <code>` when the server gave no reason). */
export function closeMessage(code: number, reason: string): string {
  return reason === '' ? `Closed ${code}` : `Closed ${code}: ${reason}`
}
