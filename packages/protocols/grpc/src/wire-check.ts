/**
 * Which of the three wire protocols a server answered with, read from the response's content type, so that a call
 * pinned to the wrong one fails naming what the server speaks instead of with a framing error deep in the reply
 * (a gRPC server answers a gRPC-Web call in gRPC framing, which then ends "missing trailer").
 */
import { WorkbenchError } from '@wirebench/core'
import type { GrpcWire } from './types.js'

export const wireNames: Record<GrpcWire, string> = { grpc: 'gRPC', grpcweb: 'gRPC-Web', connect: 'Connect' }

/** The wire a content type belongs to; Connect's unary calls use `application/proto` and `application/json`. */
export function wireOfContentType(contentType: string | null): GrpcWire | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (/^application\/grpc-web(-text)?(\+[\w.-]+)?$/.test(type)) return 'grpcweb'
  if (/^application\/grpc(\+[\w.-]+)?$/.test(type)) return 'grpc'
  if (/^application\/connect\+[\w.-]+$/.test(type) || type === 'application/proto' || type === 'application/json') {
    return 'connect'
  }
  return undefined
}

export interface WireAnswer {
  status: number
  contentType: string | null
  /**
   * The call is a stream. Connect answers a stream in `application/connect+…` and a unary call in `application/proto`,
   * or with its JSON error body on a failure status; a gRPC-Web answer is `application/grpc-web…` either way.
   */
  streaming?: boolean
}

/**
 * The error for an answer that is not this wire's: in another of the three wires (named, with the pin to use), a 415
 * refusal of this one, or in a content type no gRPC server answers with (JSON, text, HTML: a REST API, a web server),
 * which is not a server of this wire at all. An answer without a content type is left to connect's own checks, which
 * map its HTTP status (a proxy's bare 404 is still "unimplemented").
 */
export function wireMismatch(wire: GrpcWire, answer: WireAnswer, url: string): WorkbenchError | undefined {
  const spoken = wireOfContentType(answer.contentType)
  if (spoken === wire && (wire !== 'connect' || isConnectAnswer(answer))) return undefined
  const pins = (['grpc', 'grpcweb', 'connect'] as const).filter((w) => w !== wire)
  if (spoken !== undefined && spoken !== wire && !isJson(answer.contentType)) {
    return new WorkbenchError(
      'upstream_invalid',
      `${url} speaks ${wireNames[spoken]} (it answered with content type ${answer.contentType ?? ''}), not ${wireNames[wire]}.`,
      {
        hint: `Use ${spoken}@${url} (the ${wireNames[spoken]} plugin) for this server.`,
        details: { speaks: spoken, contentType: answer.contentType },
      },
    )
  }
  if (answer.status === 415) {
    return new WorkbenchError(
      'upstream_invalid',
      `${url} refused the ${wireNames[wire]} protocol (HTTP 415 Unsupported Media Type${answer.contentType ? `, content type ${answer.contentType}` : ', no content type'}).`,
      {
        hint: `It may speak ${pins.map((w) => wireNames[w]).join(' or ')}: try ${pins.map((w) => `${w}@${url}`).join(' or ')}.`,
        details: { speaks: null, contentType: answer.contentType, status: answer.status },
      },
    )
  }
  if (!answer.contentType) return undefined
  return new WorkbenchError(
    'upstream_invalid',
    `${url} is not a ${wireNames[wire]} server: it answered HTTP ${answer.status} with ${answer.contentType}.`,
    { details: { speaks: null, contentType: answer.contentType, status: answer.status } },
  )
}

/** Connect's content types for the kind of call: JSON only as the error body of a unary call. */
function isConnectAnswer(answer: WireAnswer): boolean {
  const type = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (answer.streaming) return type.startsWith('application/connect+')
  if (type === 'application/json') return answer.status >= 400
  return type === 'application/proto'
}

function isJson(contentType: string | null): boolean {
  return /^application\/json\b/i.test(contentType?.trim() ?? '')
}
