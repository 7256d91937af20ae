/** How the gRPC panes name a method's call kind and colour a status. */
import type { MethodType, StatusName } from '@wirebench/core'
import type { StatusTone } from '../../features/response/StatusBadge.js'

export const callKindBadges: Record<MethodType, string> = {
  Unary: 'RPC',
  ServerStreaming: 'SSTR',
  ClientStreaming: 'CSTR',
  Duplex: 'BIDI',
}

export const callKindNames: Record<MethodType, string> = {
  Unary: 'Unary',
  ServerStreaming: 'Server streaming',
  ClientStreaming: 'Client streaming',
  Duplex: 'Bidirectional streaming',
}

/** Statuses that say the request was wrong (yellow) rather than that the server failed (red). */
const callerStatuses: ReadonlySet<StatusName> = new Set<StatusName>([
  'Cancelled',
  'InvalidArgument',
  'NotFound',
  'AlreadyExists',
  'PermissionDenied',
  'FailedPrecondition',
  'OutOfRange',
  'Unauthenticated',
])

export function grpcStatusTone(status: StatusName): StatusTone {
  if (status === 'OK') return 'success'
  return callerStatuses.has(status) ? 'client-error' : 'server-error'
}
