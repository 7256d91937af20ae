/**
 * SignalR-specific WorkbenchErrors: a hub that cannot be connected to (the negotiate or transport answer, the
 * network failure under it), a lost connection, an unknown method. Messages never repeat a query string: it may hold
 * an API key or an access token.
 */
import { WorkbenchError } from '@wirebench/core'

/** Removes query strings from any URL a client message quotes. */
export function withoutQueries(text: string): string {
  return text.replace(/(\b(?:https?|wss?):\/\/[^\s'"?]+)\?[^\s'"]*/gi, '$1')
}

function statusOf(message: string): number | undefined {
  const match =
    /Status code '(\d{3})'|status code: (\d{3})|HTTP (\d{3})|Unexpected status code returned from negotiate '(\d{3})'|Unexpected server response: (\d{3})/.exec(
      message,
    )
  const digits = match?.slice(1).find((group) => group !== undefined)
  return digits === undefined ? undefined : Number(digits)
}

/** Why a hub connection did not start: the wire's own WorkbenchError when it has one, else the client's reason. */
export function startFailure(error: unknown, wireError: WorkbenchError | undefined, hub: string): WorkbenchError {
  if (error instanceof WorkbenchError) return error
  const message = withoutQueries(error instanceof Error ? error.message : String(error))
  // A refused WebSocket upgrade (skipNegotiation) reaches us as the socket's error, with the status in its text.
  const status = statusOf(message) ?? (wireError ? statusOf(wireError.message) : undefined)
  if (wireError && wireError.code !== 'upstream_error' && status === undefined) return wireError
  if (status === 401 || status === 403) {
    return new WorkbenchError('upstream_error', `The hub at ${hub} refused the connection: HTTP ${status}.`, {
      cause: error,
      hint: 'Check the environment’s auth: a bearer token goes to negotiate and to every transport (as access_token on WebSockets and SSE); an API key in the query goes on the hub URL.',
      details: { status },
    })
  }
  if (status === 404) {
    return new WorkbenchError('upstream_error', `No SignalR hub answered at ${hub} (HTTP 404).`, {
      cause: error,
      hint: 'Check the hub path (the one MapHub names); with skipNegotiation, check that the server accepts WebSockets.',
      details: { status },
    })
  }
  if (/ASP\.NET SignalR Server/.test(message)) {
    return new WorkbenchError(
      'unsupported',
      `${hub} is a classic ASP.NET SignalR (2.x) endpoint, not ASP.NET Core SignalR.`,
      {
        cause: error,
      },
    )
  }
  return new WorkbenchError('upstream_error', `Could not connect to the hub at ${hub}: ${message}`, {
    cause: error,
    hint: 'Try another transport (WebSockets, ServerSentEvents, LongPolling) or protocol; check the address and the auth.',
  })
}

/**
 * Why the client is reconnecting, in words for the log: without the error class names it nests into its messages
 * ("… Error: WorkbenchError: …") and with its fallback for a connection that ended without an error put plainly.
 */
export function reconnectReason(message: string): string {
  if (/reconnect due to a unknown error/i.test(message)) return 'The connection ended without an error.'
  return withoutQueries(message.replace(/\b(?:[A-Z]\w*)?Error: /g, ''))
}

/** A connection that went away while a call was using it. */
export function connectionLost(error: unknown, hub: string): WorkbenchError {
  if (error instanceof WorkbenchError) return error
  const message = withoutQueries(error instanceof Error ? error.message : String(error))
  return new WorkbenchError('upstream_unreachable', `The connection to the hub at ${hub} ended: ${message}`, {
    cause: error,
  })
}

export function unknownMethod(service: string, method: string): WorkbenchError {
  return new WorkbenchError('not_found', `${service}.${method} is not a method of a SignalR hub.`, {
    hint: 'A hub offers invoke, send, stream, upload and connection; discover the hub again.',
  })
}
