/**
 * `invokeStream` of the `stream` method: a StreamInvocation on a shared connection, each StreamItem one message frame,
 * the Completion the end (its error as the end's message). A consumer that leaves early cancels with
 * CancelInvocation, which the hub observes.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, StreamFrame } from '@wirebench/core'
import { HubMethodError } from './client/hub-session.js'
import { asFields, readConnection, readInvocation } from './call-message.js'
import { connectionLost } from './errors.js'
import { sessionMetadata } from './invoke.js'
import type { HubPool } from './pool.js'
import { raceSignal } from './pool.js'
import type { WireRequest } from './wire.js'

export async function* streamHub(
  call: Call,
  ctx: CallContext,
  wire: WireRequest,
  pool: HubPool,
): AsyncGenerator<StreamFrame, void, undefined> {
  const fields = asFields(call.messages[0])
  const choice = readConnection(fields)
  const invocation = readInvocation(fields)
  const lease = await pool.acquire(wire, choice, ctx.signal)
  const stream = lease.open.session.stream(invocation.target, invocation.arguments)
  let completed = false
  try {
    const id =
      stream.sent !== undefined && 'invocationId' in stream.sent.message ? stream.sent.message.invocationId : undefined
    const metadata = { ...sessionMetadata(lease.open), target: invocation.target }
    yield { type: 'headers', metadata: id !== undefined ? { ...metadata, invocation_id: id } : metadata }
    const iterator = stream.items[Symbol.asyncIterator]()
    try {
      for (;;) {
        const next = await raceSignal(iterator.next(), ctx.signal)
        if (next.done === true) break
        const { value, bytes } = next.value
        yield { type: 'message', data: value, meta: { kind: 'streamItem', ...(bytes !== undefined ? { bytes } : {}) } }
      }
      completed = true
      yield { type: 'end', status: 'OK' }
    } catch (error) {
      if (error instanceof HubMethodError) {
        completed = true
        yield { type: 'end', status: 'Unknown', message: error.message, details: { error: error.message } }
        return
      }
      if (ctx.signal.aborted) throw WorkbenchError.from(ctx.signal.reason, 'cancelled')
      throw connectionLost(error, wire.wire.displayUrl)
    }
  } finally {
    if (!completed) stream.cancel()
    lease.release()
  }
}
