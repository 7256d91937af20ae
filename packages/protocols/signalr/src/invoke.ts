/**
 * Unary calls: `invoke` answers the completion's result (a hub error is a result with its message, not an exception),
 * `send` answers once the invocation is written, `stream` collects the items, `upload` sends the messages after the
 * first as stream items and answers the result. All on a shared connection.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, InvokeResult, SentRequest } from '@wirebench/core'
import { describeSentRequest } from '@wirebench/transport'
import { HubMethodError } from './client/hub-session.js'
import { asFields, readConnection, readInvocation } from './call-message.js'
import type { HubMethodName } from './describe.js'
import { connectionLost } from './errors.js'
import type { HubPool, PooledSession } from './pool.js'
import { raceSignal } from './pool.js'
import type { WireRequest } from './wire.js'

export function sessionMetadata(pooled: PooledSession['open']): Record<string, string> {
  const metadata: Record<string, string> = { protocol: pooled.session.protocol }
  if (pooled.transport) metadata['transport'] = pooled.transport
  const id = pooled.session.connectionId
  if (id) metadata['connection_id'] = id
  return metadata
}

/**
 * What the call put on the hub connection: the hub message (as JSON, whatever the protocol encodes it as), under the
 * connection's headers with credentials masked and the hub address without its API key.
 */
function sentInvocation(method: HubMethodName, wire: WireRequest, ctx: CallContext, message: object): SentRequest {
  const headers: Record<string, string> = { ...wire.wire.headers }
  if (wire.wire.bearerToken !== undefined) headers['authorization'] = `Bearer ${wire.wire.bearerToken}`
  return describeSentRequest({
    method: method === 'stream' ? 'StreamInvocation' : 'Invocation',
    url: wire.url,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(message),
    secretQueryNames: ctx.markers.apiKeyQuery?.map((param) => param.name),
  })
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
  const message = {
    type: method === 'stream' ? 4 : 1,
    target: invocation.target,
    arguments: invocation.arguments,
    ...(method === 'upload' ? { streamIds: ['…'] } : {}),
  }
  const done = (response: unknown, extra: Partial<InvokeResult> = {}): InvokeResult => ({
    response,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    status: 'OK',
    metadata,
    sent: sentInvocation(method, wire, ctx, message),
    ...extra,
  })
  try {
    switch (method) {
      case 'invoke':
        return done(await raceSignal(session.invoke(invocation.target, invocation.arguments), ctx.signal))
      case 'send':
        await raceSignal(session.send(invocation.target, invocation.arguments), ctx.signal)
        return done({ sent: true, target: invocation.target })
      case 'stream': {
        const stream = session.stream(invocation.target, invocation.arguments)
        const items: unknown[] = []
        let size = 0
        let truncated = false
        try {
          const iterator = stream.items[Symbol.asyncIterator]()
          for (;;) {
            const next = await raceSignal(iterator.next(), ctx.signal)
            if (next.done === true) break
            size += JSON.stringify(next.value ?? null).length
            if (size > ctx.limits.maxResponseBytes) {
              truncated = true
              break
            }
            items.push(next.value)
          }
        } finally {
          // Leaving early (limit, cancel, deadline) tells the hub to stop with CancelInvocation.
          stream.cancel()
        }
        return done(items, { responses: items, ...(truncated ? { truncated } : {}) })
      }
      case 'upload': {
        const upload = session.upload(invocation.target, invocation.arguments)
        for (const item of call.messages.slice(1)) upload.push(item)
        upload.complete()
        return done(await raceSignal(upload.result, ctx.signal))
      }
    }
  } catch (error) {
    if (error instanceof HubMethodError)
      return hubError(error, started, metadata, sentInvocation(method, wire, ctx, message))
    if (ctx.signal.aborted) throw WorkbenchError.from(ctx.signal.reason, 'cancelled')
    throw connectionLost(error, wire.wire.displayUrl)
  } finally {
    lease.release()
  }
}
