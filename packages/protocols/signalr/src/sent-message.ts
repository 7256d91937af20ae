/**
 * What a call put on the hub connection, for the response pane: the hub message as the client encoded it (JSON text
 * as written; MessagePack shown as JSON, with its real size and type), at the hub address the connection uses — after
 * a negotiate redirect the redirect's address and only the headers that went there — credentials masked.
 */
import type { CallContext, SentRequest } from '@wirebench/core'
import { describeSentRequest } from '@wirebench/transport'
import type { WrittenMessage } from './client/hub-session.js'
import { originOf } from './client/hub-wire.js'
import type { ConnectedHub } from './session.js'
import type { WireRequest } from './wire.js'

/** How the response pane names the body type of each hub protocol. */
export const hubContentType = { json: 'application/json', messagepack: 'application/x-msgpack' } as const

/** The hub message's fields as JSON (MessagePack's as the client handed them to the encoder). */
function messageJson(written: WrittenMessage): string {
  if (written.text !== undefined) return written.text
  const { type, ...fields } = written.message as { type: number } & Record<string, unknown>
  return JSON.stringify({ type, ...fields })
}

function headersUsed(wire: WireRequest, hub: ConnectedHub): Record<string, string> {
  // Off the hub's origin only the redirect's own token travelled (see headersFor).
  const sameOrigin = originOf(hub.url) === wire.wire.origin
  const headers: Record<string, string> = {}
  if (sameOrigin) for (const [name, value] of Object.entries(wire.wire.headers)) headers[name.toLowerCase()] = value
  if (hub.hasRedirectToken || (sameOrigin && wire.wire.bearerToken !== undefined)) {
    headers['authorization'] = 'Bearer (masked)'
  }
  return headers
}

export function sentMessage(
  kind: 'Invocation' | 'StreamInvocation',
  written: WrittenMessage | undefined,
  protocol: keyof typeof hubContentType,
  hub: ConnectedHub,
  wire: WireRequest,
  ctx: CallContext,
): SentRequest {
  const body = written === undefined ? undefined : messageJson(written)
  const sent = describeSentRequest({
    method: kind,
    url: hub.url,
    headers: { ...headersUsed(wire, hub), 'content-type': hubContentType[protocol] },
    body,
    // A redirect's address may carry the service's access token in its query.
    secretQueryNames: [...(ctx.markers.apiKeyQuery?.map((param) => param.name) ?? []), 'access_token'],
  })
  if (written !== undefined) sent.bodyBytes = written.bytes
  if (protocol === 'messagepack' && written !== undefined) {
    sent.bodySummary = `MessagePack, ${written.bytes.toLocaleString('en')} bytes on the wire (shown as JSON above).`
  }
  return sent
}
