/** The frames of a gRPC stream's reply, shared by server streams and channels: headers, messages, trailers, end. */
import type { StreamResponse } from '@connectrpc/connect'
import type { StreamFrame } from '@wirebench/core'
import { isTargetStatus, toCallError } from './errors.js'
import { headersRecord } from './metadata.js'
import { encodeResponse, failedFrames } from './prepared-call.js'
import type { PreparedCall } from './prepared-call.js'

/**
 * A status the target sent ends the stream as frames (trailers and an `end` with that status); anything else — our
 * own cancellation, a transport failure — is thrown as a call error.
 */
export function failureFrames(error: unknown, call: PreparedCall, signal: AbortSignal): StreamFrame[] {
  if (!signal.aborted && isTargetStatus(error)) return failedFrames(error, call)
  throw toCallError(error, { url: call.url, signal })
}

export async function* replyFrames(
  call: PreparedCall,
  reply: StreamResponse,
  signal: AbortSignal,
): AsyncGenerator<StreamFrame> {
  yield { type: 'headers', metadata: headersRecord(reply.header) }
  try {
    for await (const message of reply.message) yield { type: 'message', data: encodeResponse(call, message) }
  } catch (error) {
    yield* failureFrames(error, call, signal)
    return
  }
  yield { type: 'trailers', metadata: headersRecord(reply.trailer) }
  yield { type: 'end', status: 'OK' }
}
