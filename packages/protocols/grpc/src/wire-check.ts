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
}

/**
 * The error for an answer in another wire protocol than the call's, or undefined when the answer may be this wire's
 * (anything not positively another wire is left to connect's own checks, which know the details of each protocol).
 */
export function wireMismatch(wire: GrpcWire, answer: WireAnswer, url: string): WorkbenchError | undefined {
  const spoken = wireOfContentType(answer.contentType)
  // A Connect error body is JSON; anything JSON on a gRPC-Web call is not gRPC-Web, but not certainly Connect either.
  if (spoken === wire || (spoken === 'connect' && wire !== 'connect' && answer.contentType?.includes('json'))) {
    return undefined
  }
  const pins = (['grpc', 'grpcweb', 'connect'] as const).filter((w) => w !== wire)
  if (spoken !== undefined) {
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
  return undefined
}
