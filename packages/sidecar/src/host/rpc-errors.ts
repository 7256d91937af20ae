/** Maps JSON-RPC errors a sidecar answers to WorkbenchErrors, keeping its message and any workbench code it names. */
import { WorkbenchError } from '@wirebench/core'
import type { WorkbenchErrorCode } from '@wirebench/core'
import type { JSONRPCError } from 'json-rpc-2.0'

// A record over the union: the compiler fails here when core adds a code, so the list never drifts.
const codes: Record<WorkbenchErrorCode, true> = {
  invalid_request: true,
  invalid_document: true,
  not_found: true,
  no_services: true,
  no_plugin: true,
  unsupported: true,
  upstream_unreachable: true,
  upstream_error: true,
  upstream_invalid: true,
  timeout: true,
  cancelled: true,
  payload_too_large: true,
  forbidden: true,
  unauthorized: true,
  blocked_target: true,
  storage_corrupt: true,
  conflict: true,
  busy: true,
  internal: true,
}

export function isWorkbenchErrorCode(value: unknown): value is WorkbenchErrorCode {
  return typeof value === 'string' && Object.hasOwn(codes, value)
}

const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602

/** Sidecar-provided text is shown as is, but bounded: a sidecar cannot fill a problem body with megabytes. */
function bounded(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

export function errorFromRpc(error: JSONRPCError, method: string, sidecarName: string): WorkbenchError {
  const data = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as Record<string, unknown>
  const message = bounded(typeof error.message === 'string' && error.message !== '' ? error.message : 'Error')
  const hint = typeof data.hint === 'string' ? bounded(data.hint) : undefined
  const options = hint === undefined ? {} : { hint }
  // A target refusing the sidecar's credentials is the call's outcome, like a REST 401 response: a 502-class problem
  // naming the sidecar, never the API's own 401/403 (which the page reads as its lost session).
  const refusedStatus = data.code === 'unauthorized' ? 401 : data.code === 'forbidden' ? 403 : undefined
  if (refusedStatus !== undefined) {
    return new WorkbenchError('upstream_error', `The ${sidecarName} sidecar's target refused the call: ${message}`, {
      hint: hint ?? 'Check the credentials of the active environment for this address.',
      details: { upstreamStatus: refusedStatus },
    })
  }
  if (isWorkbenchErrorCode(data.code)) return new WorkbenchError(data.code, message, options)
  if (error.code === METHOD_NOT_FOUND) {
    return new WorkbenchError('unsupported', `The ${sidecarName} sidecar does not implement "${method}".`, options)
  }
  if (error.code === INVALID_PARAMS) return new WorkbenchError('invalid_request', message, options)
  return new WorkbenchError('upstream_error', message, options)
}
