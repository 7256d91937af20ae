/**
 * Unary calls: `invoke` answers the completion's result (a hub error is a result with its message, not an exception),
 * `send` answers once the invocation is written, `stream` collects the items, `upload` sends the messages after the
 * first as stream items and answers the result. All on a shared connection.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, InvokeResult, SentRequest } from '@wirebench/core'
import { HubMethodError } from './client/hub-session.js'
import type { WrittenMessage } from './client/hub-session.js'
import { withoutQuery } from './client/hub-wire.js'
import { asFields, readConnection, readInvocation } from './call-message.js'
import type { HubMethodName } from './describe.js'
import { connectionLost } from './errors.js'
import type { HubPool, PooledSession } from './pool.js'
import { raceSignal } from './pool.js'
import { hubContentType, sentMessage } from './sent-message.js'
import type { WireRequest } from './wire.js'

export function sessionMetadata(pooled: PooledSession['open']): Record<string, string> {
  const metadata: Record<string, string> = { protocol: pooled.session.protocol }
  if (pooled.transport) metadata['transport'] = pooled.transport
  const id = pooled.session.connectionId
  if (id) metadata['connection_id'] = id
  // Where a negotiate redirect (the hosted SignalR service) sent the connection.
  if (pooled.hub.isRedirected) metadata['redirected_to'] = withoutQuery(pooled.hub.url)
  return metadata
}

function hubError(
  error: HubMethodError,
  started: number,
  metadata: Record<string, string>,
  sent: SentRequest,
): InvokeResult {
  return {
    sent,
    response: null,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    status: 'Unknown',
    statusMessage: error.message,
    metadata,
    errorDetails: { error: error.message },
  }
}

export async function invokeHub(
  method: HubMethodName,
  call: Call,
  ctx: CallContext,
  wire: WireRequest,
  pool: HubPool,
): Promise<InvokeResult> {
  if (method === 'connection') {
    throw new WorkbenchError('invalid_request', 'The connection method is a live channel, not a unary call.', {
      hint: 'Open it as a live call (Connect in the hub pane, or channel.open on /api/ws).',
    })
  }
  const fields = asFields(call.messages[0])
  const choice = readConnection(fields)
  const invocation = readInvocation(fields)
  const started = performance.now()
  const lease = await pool.acquire(wire, choice, ctx.signal)
  const metadata = sessionMetadata(lease.open)
  const { session } = lease.open
  let written: WrittenMessage | undefined
  const sent = (): SentRequest =>
    sentMessage(
      method === 'stream' ? 'StreamInvocation' : 'Invocation',
      written,
      session.protocol,
      lease.open.hub,
      wire,
      ctx,
    )
  const done = (response: unknown, bytes: number | undefined, extra: Partial<InvokeResult> = {}): InvokeResult => ({
    response,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    status: 'OK',
    metadata,
    sent: sent(),
    contentType: hubContentType[session.protocol],
    ...(bytes !== undefined ? { sizeBytes: bytes } : {}),
    ...extra,
  })
  try {
    switch (method) {
      case 'invoke': {
        const call = session.invoke(invocation.target, invocation.arguments)
        written = call.sent
        const { value, bytes } = await raceSignal(call.result, ctx.signal)
        return done(value, bytes)
      }
      case 'send': {
        const call = session.send(invocation.target, invocation.arguments)
        written = call.sent
        await raceSignal(call.result, ctx.signal)
        return done({ sent: true, target: invocation.target }, undefined)
      }
      case 'stream': {
        const stream = session.stream(invocation.target, invocation.arguments)
        written = stream.sent
        const items: unknown[] = []
        let size = 0
        let truncated = false
        try {
          const iterator = stream.items[Symbol.asyncIterator]()
          for (;;) {
            const next = await raceSignal(iterator.next(), ctx.signal)
            if (next.done === true) break
            size += next.value.bytes ?? 0
            if (size > ctx.limits.maxResponseBytes) {
              truncated = true
              break
            }
            items.push(next.value.value)
          }
        } finally {
          // Leaving early (limit, cancel, deadline) tells the hub to stop with CancelInvocation.
          stream.cancel()
        }
        return done(items, size, { responses: items, ...(truncated ? { truncated } : {}) })
      }
      case 'upload': {
        const upload = session.upload(invocation.target, invocation.arguments)
        written = upload.sent
        for (const item of call.messages.slice(1)) upload.push(item)
        upload.complete()
        const { value, bytes } = await raceSignal(upload.result, ctx.signal)
        return done(value, bytes)
      }
    }
  } catch (error) {
    if (error instanceof HubMethodError) return hubError(error, started, metadata, sent())
    if (ctx.signal.aborted) throw WorkbenchError.from(ctx.signal.reason, 'cancelled')
    throw connectionLost(error, wire.wire.displayUrl)
  } finally {
    lease.release()
  }
}
