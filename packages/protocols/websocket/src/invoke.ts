/**
 * The unary WebSocket exchange: connect, send each message and wait for the next text or binary frame after each text
 * or binary message (pings and a close are sent without waiting), then close with 1000, reading what still arrives.
 * The answer is the transcript of the exchange in the order the client saw it (`responses`) and the last frame
 * received (`response`): a server that greets first must not shift every reply onto the wrong message. A refused
 * upgrade is a result carrying the HTTP status; a server that closes early ends the exchange with what it sent.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { CallContext, InvokeResult, StatusName, StreamFrame } from '@wirebench/core'
import { httpStatusToStatusName } from '@wirebench/core'
import { eventData } from '@wirebench/transport'
import { WebSocketConnection } from './connection.js'
import type { Handshake } from './connection.js'
import type { UpgradeRequest } from './handshake.js'
import { toOutgoing } from './send-message.js'
import type { Outgoing } from './send-message.js'
import { createTranscript } from './transcript.js'
import type { Transcript } from './transcript.js'
import type { ResolvedOptions } from './types.js'

type EndFrame = Extract<StreamFrame, { type: 'end' }>

export async function invokeWebSocket(
  request: UpgradeRequest,
  messages: readonly unknown[],
  ctx: CallContext,
  options: ResolvedOptions,
): Promise<InvokeResult> {
  // Every message is checked before anything is sent.
  const outgoing: Outgoing[] = messages.map(toOutgoing)
  const started = performance.now()
  const connection = new WebSocketConnection(request, ctx, options)
  try {
    const handshake = await connection.ready
    if (handshake.kind === 'refused') return refusedResult(handshake, started)
    // Bytes that came in with the switch (a greeting sent with the handshake) are parsed on a later turn: let them be,
    // so the transcript puts them before the first message, where the server sent them.
    await nextTurn()
    // Every reply fits `maxPayload`, but their total must fit the response limit too: past it, collecting stops.
    const transcript = createTranscript(ctx.limits.maxResponseBytes)
    let end: EndFrame | undefined
    for (const message of outgoing) {
      end = await takeQueued(connection, transcript)
      if (end || transcript.truncated) break
      if (!(await connection.send(message))) break
      transcript.sent(message)
      if (message.kind === 'close') break
      if (message.kind === 'ping') continue
      end = await nextData(connection, transcript)
      if (end || transcript.truncated) break
    }
    end ??= await connection.closeAndDrain(1000, (frame) => {
      if (frame.type === 'message') transcript.receive(frame)
    })
    return exchangeResult({ headers: handshake.headers, transcript, end, started })
  } finally {
    connection.dispose()
  }
}

/** Records the frames already received, without waiting for more; the end frame when the connection ended. */
async function takeQueued(connection: WebSocketConnection, transcript: Transcript): Promise<EndFrame | undefined> {
  while (connection.frames.size > 0) {
    const taken = await takeFrame(connection, transcript)
    if ('end' in taken) return taken.end
  }
  return undefined
}

/** Waits for the next text or binary frame (recording it) or the end; pings and pongs are skipped. */
async function nextData(connection: WebSocketConnection, transcript: Transcript): Promise<EndFrame | undefined> {
  for (;;) {
    const taken = await takeFrame(connection, transcript)
    if ('end' in taken) return taken.end
    if (taken.isData) return undefined
  }
}

/** The next frame: the end, or whether it was a data frame (recorded in the transcript). */
async function takeFrame(
  connection: WebSocketConnection,
  transcript: Transcript,
): Promise<{ end: EndFrame } | { isData: boolean }> {
  const next = await connection.frames.next()
  if (next.done === true) return { end: { type: 'end', status: 'Unavailable', message: 'The connection ended.' } }
  const frame = next.value
  if (frame.type === 'end') return { end: frame }
  return { isData: frame.type === 'message' && transcript.receive(frame) }
}

interface Exchange {
  headers: Record<string, string>
  transcript: Transcript
  end: EndFrame | undefined
  started: number
}

function exchangeResult({ headers, transcript, end, started }: Exchange): InvokeResult {
  const last = transcript.received.at(-1)
  const status: StatusName = end?.status ?? 'OK'
  const result: InvokeResult = {
    response: last ? (last.binary === undefined ? last.data : null) : null,
    responses: transcript.entries,
    durationMs: Math.round(performance.now() - started),
    status,
    metadata: headers,
    sizeBytes: transcript.receivedBytes,
  }
  if (transcript.truncated) result.truncated = true
  if (last?.binary !== undefined) result.responseBinary = last.binary
  if (end && (status !== 'OK' || end.details !== undefined)) {
    if (status !== 'OK' && end.message) result.statusMessage = end.message
    if (end.details !== undefined) result.trailers = closeTrailers(end.details)
  }
  return result
}

/** The close code and reason as trailers, so the result shows how the server closed. */
function closeTrailers(details: unknown): Record<string, string> {
  const { code, reason } = details as { code?: number; reason?: string }
  const trailers: Record<string, string> = {}
  if (code !== undefined) trailers['close-code'] = String(code)
  if (reason) trailers['close-reason'] = reason
  return trailers
}

function refusedResult(refused: Extract<Handshake, { kind: 'refused' }>, started: number): InvokeResult {
  const words = refused.statusText ? ` ${refused.statusText}` : ''
  return {
    response: refused.body === '' ? null : eventData(refused.body),
    durationMs: Math.round(performance.now() - started),
    status: refusalStatus(refused.status),
    statusMessage: `The server refused the WebSocket upgrade: HTTP ${refused.status}${words}.`,
    metadata: { ...refused.headers, http_status: String(refused.status) },
    ...(refused.headers['content-type'] ? { contentType: refused.headers['content-type'] } : {}),
  }
}

/** An HTTP error maps as REST does; a 2xx/3xx answer to an upgrade means the address does not speak WebSocket. */
function refusalStatus(status: number): StatusName {
  return status >= 400 ? httpStatusToStatusName(status) : 'Unimplemented'
}
