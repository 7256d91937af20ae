/**
 * gRPC-Web and Connect transports: connect's own protocol implementations over connect-node's HTTP client, with one
 * addition: every answer's content type is checked against the wire first, so a server that speaks another of the
 * three protocols is named as such (see wire-check.ts) rather than failing later on the framing.
 */
import type { Agent } from 'node:http'
import type { Transport } from '@connectrpc/connect'
import { validateReadWriteMaxBytes } from '@connectrpc/connect/protocol'
import type { UniversalClientFn } from '@connectrpc/connect/protocol'
import { createTransport as createConnectProtocolTransport } from '@connectrpc/connect/protocol-connect'
import { createTransport as createGrpcWebProtocolTransport } from '@connectrpc/connect/protocol-grpc-web'
import { compressionBrotli, compressionGzip, createNodeHttpClient } from '@connectrpc/connect-node'
import type { GrpcTransportOptions } from '@connectrpc/connect-node'
import { wireMismatch } from './wire-check.js'

type SessionManager = NonNullable<GrpcTransportOptions['sessionManager']>

export interface WebTransportOptions {
  wire: 'grpcweb' | 'connect'
  baseUrl: string
  readMaxBytes: number
  /** HTTP/2 through this session manager, or HTTP/1.1 through this agent. */
  connection: { httpVersion: '2'; sessions: SessionManager } | { httpVersion: '1.1'; agent: Agent }
}

export function createWebTransport(options: WebTransportOptions): Transport {
  const { connection, wire, baseUrl } = options
  const client =
    connection.httpVersion === '2'
      ? createNodeHttpClient({ httpVersion: '2', sessionProvider: () => connection.sessions })
      : createNodeHttpClient({ httpVersion: '1.1', nodeOptions: { agent: connection.agent } })
  const httpClient: UniversalClientFn = async (request) => {
    const response = await client(request)
    const mismatch = wireMismatch(
      wire,
      {
        status: response.status,
        contentType: response.header.get('content-type'),
        // Connect's streaming requests go out as application/connect+proto, its unary ones as application/proto.
        streaming: /^application\/connect\+/i.test(request.header.get('content-type') ?? ''),
      },
      baseUrl,
    )
    // Thrown inside the call: connect aborts the request (the stream is reset) and the error keeps this as its cause.
    if (mismatch) throw mismatch
    return response
  }
  // The defaults connect-node's createGrpcWebTransport / createConnectTransport apply.
  const common = {
    baseUrl,
    httpClient,
    useBinaryFormat: true,
    interceptors: [],
    acceptCompression: [compressionGzip, compressionBrotli],
    sendCompression: null,
    ...validateReadWriteMaxBytes(options.readMaxBytes, undefined, undefined),
  }
  return wire === 'grpcweb' ? createGrpcWebProtocolTransport(common) : createConnectProtocolTransport(common)
}
