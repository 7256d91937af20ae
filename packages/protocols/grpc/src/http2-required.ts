/**
 * gRPC runs on HTTP/2 only. A gRPC call to a server that speaks HTTP/1.1 alone (connect-node or connect-fastify
 * without `http2`) fails on the connection preface with a bare "Protocol error"; after such a failure the server's
 * HTTP version is looked up (one HTTP/2 handshake, no request, remembered per address) and the error says what
 * happened and which pins reach the server.
 */
import { WorkbenchError } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import type { PreparedCall } from './prepared-call.js'
import type { TransportPool } from './transports.js'

export async function explainHttp1Server(
  error: unknown,
  at: { call: PreparedCall; ctx: CallContext; transports: TransportPool },
): Promise<unknown> {
  const { call, ctx } = at
  if (ctx.signal.aborted || !(error instanceof WorkbenchError)) return error
  if (error.code !== 'upstream_unreachable' && error.code !== 'upstream_invalid') return error
  let version
  try {
    version = await at.transports.httpVersionOf(
      {
        address: call.address,
        ...(ctx.markers.mtls ? { mtls: ctx.markers.mtls } : {}),
        ...(ctx.markers.trust ? { trust: ctx.markers.trust } : {}),
      },
      ctx.signal,
    )
  } catch {
    // Not reachable at all: the original error already says so.
    return error
  }
  if (version !== '1.1') return error
  return new WorkbenchError(
    'upstream_invalid',
    `${call.url} does not speak HTTP/2, which gRPC needs: it speaks HTTP/1.1 only.`,
    {
      cause: error,
      hint: `If it serves gRPC-Web or Connect, call it as grpcweb@${call.url} or connect@${call.url}.`,
      details: { httpVersion: '1.1' },
    },
  )
}
