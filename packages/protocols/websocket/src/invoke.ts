/**
 * The unary WebSocket exchange: connect, send each message and wait for one reply to each text or binary message
 * (pings and a close are sent without waiting), then close with 1000. A refused upgrade is a result carrying the
 * HTTP status; a server that closes early ends the exchange with what it sent.
 */
import type { CallContext, InvokeResult, StatusName, StreamFrame } from '@wirebench/core'
import { httpStatusToStatusName } from '@wirebench/core'
import { eventData } from '@wirebench/transport'
import { WebSocketConnection } from './connection.js'
import type { Handshake } from './connection.js'
import type { UpgradeRequest } from './handshake.js'
import { toOutgoing } from './send-message.js'
import type { Outgoing } from './send-message.js'
import type { ResolvedOptions } from './types.js'

type MessageFrame = Extract<StreamFrame, { type: 'message' }>
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
    const replies: MessageFrame[] = []
    let end: EndFrame | undefined
    // Every reply fits `maxPayload`, but their total must fit the response limit too: past it, collecting stops.
    let receivedBytes = 0
    let truncated = false
    for (const message of outgoing) {
      if (!(await connection.send(message))) break
      if (message.kind === 'close') break
      if (message.kind === 'ping') continue
      const next = await nextReply(connection)
      if (next.type === 'end') {
        end = next
        break
      }
      receivedBytes += frameBytes(next)
      if (receivedBytes > ctx.limits.maxResponseBytes) {
        truncated = true
        break
      }
      replies.push(next)
    }
    end ??= await connection.closeAndDrain(1000)
    const result = exchangeResult({ headers: handshake.headers, replies, end, started })
    if (truncated) {
      result.truncated = true
      result.sizeBytes = receivedBytes
    }
    return result
  } finally {
    connection.dispose()
  }
}

/** The next text or binary frame, or the end; pings and pongs are skipped. */
async function nextReply(connection: WebSocketConnection): Promise<MessageFrame | EndFrame> {
  for (;;) {
    const next = await connection.frames.next()
    if (next.done === true) return { type: 'end', status: 'Unavailable', message: 'The connection ended.' }
    const frame = next.value
    if (frame.type === 'end') return frame
    if (frame.type !== 'message') continue
    const opcode = frame.meta?.opcode
    if (opcode === 'text' || opcode === 'binary') return frame
  }
}

function frameBytes(frame: MessageFrame): number {
  return Number(frame.meta?.bytes ?? 0)
}

/** A reply as `responses` lists it: the data, or `{ binary }` (base64) for a binary frame. */
function replyValue(frame: MessageFrame): unknown {
  return frame.binary === undefined ? frame.data : { binary: frame.binary }
}

interface Exchange {
  headers: Record<string, string>
  replies: MessageFrame[]
  end: EndFrame | undefined
  started: number
}

function exchangeResult({ headers, replies, end, started }: Exchange): InvokeResult {
  const last = replies.at(-1)
  const status: StatusName = end?.status ?? 'OK'
  const result: InvokeResult = {
    response: last ? (last.binary === undefined ? last.data : null) : null,
    responses: replies.map(replyValue),
    durationMs: Math.round(performance.now() - started),
    status,
    metadata: headers,
    sizeBytes: replies.reduce((sum, frame) => sum + frameBytes(frame), 0),
  }
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
