/**
 * gRPC-specific errors: statuses a target returned (data for the result) versus failures to reach it or talk to it
 * (WorkbenchErrors), and the hints for descriptors reflection cannot provide.
 */
import { Code, ConnectError } from '@connectrpc/connect'
import { WorkbenchError, statusNames } from '@wirebench/core'
import type { StatusName } from '@wirebench/core'
import { toNetworkError } from '@wirebench/transport/net'

export function missingFileHint(file: string): string {
  return `Upload the .proto file ${file} (and what it imports) on the Schema Files tab, then call with a server URL.`
}

export function missingSymbolHint(symbol: string): string {
  return `Upload the .proto file that defines ${symbol} on the Schema Files tab, then call with a server URL.`
}

export function statusName(code: Code): StatusName {
  return statusNames[code] ?? 'Unknown'
}

/** The Node error behind a ConnectError, when the failure happened below gRPC (socket, DNS, TLS, HTTP/2). */
function transportCause(error: ConnectError): unknown {
  let current: unknown = error.cause
  for (let i = 0; i < 4 && current instanceof Error; i++) {
    const code = (current as { code?: unknown }).code
    if (current instanceof WorkbenchError) return current
    if (typeof code === 'string') return current
    current = current.cause
  }
  return undefined
}

/**
 * True when the error is a status the target sent (or the gRPC layer derived from its answer): it belongs in the
 * result. False for failures to reach the target, which are thrown as WorkbenchErrors.
 */
export function isTargetStatus(error: unknown): error is ConnectError {
  return error instanceof ConnectError && transportCause(error) === undefined
}

export interface FailureContext {
  /** The address as the user wrote it. */
  url: string
  signal: AbortSignal
}

/** Turns whatever a call threw (that is not a target status) into a WorkbenchError a person can act on. */
export function toCallError(error: unknown, context: FailureContext): WorkbenchError {
  // The caller's own signal says why the call stopped (a `timeout` WorkbenchError at the deadline, or a cancel).
  if (context.signal.aborted) {
    const reason: unknown = context.signal.reason
    if (reason instanceof WorkbenchError) return reason
    return WorkbenchError.from(reason ?? error, 'cancelled')
  }
  if (error instanceof WorkbenchError) return error
  if (error instanceof ConnectError) {
    const cause = transportCause(error)
    if (cause instanceof WorkbenchError) return cause
    if (cause !== undefined) return toNetworkError(cause, { url: context.url })
    return new WorkbenchError('upstream_error', `${context.url}: ${statusName(error.code)}: ${error.rawMessage}`, {
      cause: error,
    })
  }
  return toNetworkError(error, { url: context.url })
}

/** Statuses that say the server does not speak gRPC reflection (or gRPC at all) rather than that it failed. */
export function isNotReflection(error: ConnectError): boolean {
  return [Code.Unimplemented, Code.NotFound, Code.Unknown, Code.Internal, Code.InvalidArgument].includes(error.code)
}
