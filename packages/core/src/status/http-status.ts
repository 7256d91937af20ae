/** Maps HTTP statuses onto gRPC status names (the mapping of grpc/doc/http-grpc-status-mapping.md, extended to 2xx/3xx/4xx/5xx classes). */
import type { StatusName } from '../model/wire.js'

const exact: Record<number, StatusName> = {
  400: 'InvalidArgument',
  401: 'Unauthenticated',
  403: 'PermissionDenied',
  404: 'NotFound',
  408: 'DeadlineExceeded',
  409: 'AlreadyExists',
  412: 'FailedPrecondition',
  413: 'ResourceExhausted',
  416: 'OutOfRange',
  422: 'InvalidArgument',
  429: 'ResourceExhausted',
  499: 'Cancelled',
  500: 'Internal',
  501: 'Unimplemented',
  502: 'Unavailable',
  503: 'Unavailable',
  504: 'DeadlineExceeded',
}

export function httpStatusToStatusName(status: number): StatusName {
  const known = exact[status]
  if (known) return known
  if (status >= 200 && status < 400) return 'OK'
  if (status >= 400 && status < 500) return 'FailedPrecondition'
  if (status >= 500) return 'Internal'
  return 'Unknown'
}

export type HttpStatusClass = 'success' | 'redirect' | 'client-error' | 'server-error' | 'other'

/** The colour class the UI paints a status badge with: 2xx green, 4xx yellow, 5xx red. */
export function httpStatusClass(status: number): HttpStatusClass {
  if (status >= 200 && status < 300) return 'success'
  if (status >= 300 && status < 400) return 'redirect'
  if (status >= 400 && status < 500) return 'client-error'
  if (status >= 500 && status < 600) return 'server-error'
  return 'other'
}
