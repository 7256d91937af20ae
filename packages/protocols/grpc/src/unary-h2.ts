/**
 * gRPC unary calls made straight on an HTTP/2 stream from connect-node's session manager: one request envelope out,
 * one response envelope in, checked with connect's own header, response and trailer validation and failing with the
 * same ConnectErrors. connect's generic transport runs a unary call through its streaming machinery (async iterables,
 * linked abort controllers, an abort on success), which costs about 2.5× the CPU of this path; streams keep using it.
 */
import { constants as h2, type ClientHttp2Stream, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2'
import { create, fromBinary, isMessage, toBinary } from '@bufbuild/protobuf'
import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from '@bufbuild/protobuf'
import { Code, ConnectError } from '@connectrpc/connect'
import type { ContextValues, Transport, UnaryResponse } from '@connectrpc/connect'
import { createMethodUrl, encodeEnvelope, envelopeDecompress, getAbortSignalReason } from '@connectrpc/connect/protocol'
import type { Compression } from '@connectrpc/connect/protocol'
import {
  headerGrpcStatus,
  requestHeaderWithCompression,
  validateResponseWithCompression,
  validateTrailer,
} from '@connectrpc/connect/protocol-grpc'
import { compressionBrotli, compressionGzip } from '@connectrpc/connect-node'
import type { GrpcTransportOptions } from '@connectrpc/connect-node'
import { NodeHeaders } from './node-headers.js'

type SessionManager = NonNullable<GrpcTransportOptions['sessionManager']>

export interface UnaryH2Options {
  baseUrl: string
  sessions: SessionManager
  /** Largest single message accepted from the target. */
  readMaxBytes: number
  /** Takes the calls this path does not handle (a per-call timeout or context values; we pass neither). */
  fallback: Transport
}

// What connect-node's gRPC transport accepts by default, so the target sees the same request headers.
const acceptCompression: Compression[] = [compressionGzip, compressionBrotli]

/** A Node error (socket, HTTP/2) as connect-node reports it: a ConnectError whose cause is the Node error. */
function fromNodeReason(reason: unknown): ConnectError {
  if (reason instanceof ConnectError) return reason
  const code = (reason as { code?: unknown } | undefined)?.code
  const mapped =
    code === 'ERR_STREAM_WRITE_AFTER_END' ||
    code === 'ERR_STREAM_DESTROYED' ||
    code === 'ERR_HTTP2_INVALID_STREAM' ||
    code === 'ECONNRESET'
      ? Code.Aborted
      : code === 'ETIMEDOUT' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNREFUSED'
        ? Code.Unavailable
        : Code.Internal
  const error = ConnectError.from(reason, mapped)
  if (error !== reason) error.cause = reason
  return error
}

// connect-node's mapping of HTTP/2 reset codes, with the names its messages use.
const resetCodes: Partial<Record<number, [string, Code]>> = {
  [h2.NGHTTP2_PROTOCOL_ERROR]: ['PROTOCOL_ERROR', Code.Internal],
  [h2.NGHTTP2_INTERNAL_ERROR]: ['INTERNAL_ERROR', Code.Internal],
  [h2.NGHTTP2_FLOW_CONTROL_ERROR]: ['FLOW_CONTROL_ERROR', Code.Internal],
  [h2.NGHTTP2_SETTINGS_TIMEOUT]: ['SETTINGS_TIMEOUT', Code.Internal],
  [h2.NGHTTP2_FRAME_SIZE_ERROR]: ['FRAME_SIZE_ERROR', Code.Internal],
  [h2.NGHTTP2_COMPRESSION_ERROR]: ['COMPRESSION_ERROR', Code.Internal],
  [h2.NGHTTP2_CONNECT_ERROR]: ['CONNECT_ERROR', Code.Internal],
  [h2.NGHTTP2_REFUSED_STREAM]: ['REFUSED_STREAM', Code.Unavailable],
  [h2.NGHTTP2_CANCEL]: ['CANCEL', Code.Canceled],
  [h2.NGHTTP2_ENHANCE_YOUR_CALM]: ['ENHANCE_YOUR_CALM', Code.ResourceExhausted],
  [h2.NGHTTP2_INADEQUATE_SECURITY]: ['INADEQUATE_SECURITY', Code.PermissionDenied],
  [h2.NGHTTP2_HTTP_1_1_REQUIRED]: ['HTTP_1_1_REQUIRED', Code.PermissionDenied],
}

/** The error of a stream the peer reset (STREAM_CLOSED and NO_ERROR are not failures by themselves). */
function fromResetCode(rstCode: number): ConnectError | undefined {
  const mapped = resetCodes[rstCode]
  if (mapped === undefined) return undefined
  return new ConnectError(`http/2 stream closed with error code ${mapped[0]} (0x${rstCode.toString(16)})`, mapped[1])
}

/**
 * The request headers connect's gRPC transport sends: the call's own, then the protocol's, which win (except a
 * user-agent the call names). The protocol's part is the same for every call, so it is computed once.
 */
const protocolHeaders: Record<string, string> = {}
requestHeaderWithCompression(true, undefined, undefined, acceptCompression, null).forEach((value, key) => {
  protocolHeaders[key] = value
})

function requestHeaders(header: ConstructorParameters<typeof Headers>[0]): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  if (header === undefined) return Object.assign(out, protocolHeaders)
  if (header instanceof NodeHeaders) header.assignTo(out)
  else
    new Headers(header).forEach((value, key) => {
      out[key] = value
    })
  const userAgent = out['user-agent']
  Object.assign(out, protocolHeaders)
  if (userAgent !== undefined) out['user-agent'] = userAgent
  return out
}

interface Envelope {
  flags: number
  data: Uint8Array
}

/** Splits the response body into envelopes, refusing one over `readMaxBytes` as soon as its length is known. */
function splitEnvelopes(body: Buffer, readMaxBytes: number): Envelope[] {
  const envelopes: Envelope[] = []
  let offset = 0
  while (offset < body.length) {
    if (body.length - offset < 5) throw new ConnectError('protocol error: incomplete envelope', Code.InvalidArgument)
    const length = body.readUInt32BE(offset + 1)
    if (length > readMaxBytes) {
      throw new ConnectError(
        `message size ${length} is larger than configured readMaxBytes ${readMaxBytes}`,
        Code.ResourceExhausted,
      )
    }
    if (body.length - offset - 5 < length) {
      throw new ConnectError('protocol error: incomplete envelope', Code.InvalidArgument)
    }
    envelopes.push({ flags: body[offset] ?? 0, data: body.subarray(offset + 5, offset + 5 + length) })
    offset += 5 + length
  }
  return envelopes
}

/** The length an envelope header announces, once the first five bytes are in (to stop reading an oversized reply). */
function announcedLength(chunks: Buffer[], received: number): number | undefined {
  if (received < 5) return undefined
  const head = chunks.length === 1 || (chunks[0]?.length ?? 0) >= 5 ? chunks[0] : Buffer.concat(chunks)
  return head?.readUInt32BE(1)
}

function parse<O extends DescMessage>(desc: O, data: Uint8Array): MessageShape<O> {
  try {
    return fromBinary(desc, data)
  } catch (error) {
    throw new ConnectError(`parse binary: ${error instanceof Error ? error.message : String(error)}`, Code.Internal)
  }
}

export function createUnaryH2(options: UnaryH2Options): Transport['unary'] {
  const { sessions, readMaxBytes, fallback } = options
  // The request path per method, computed once (a URL parse per call shows in profiles).
  const paths = new WeakMap<object, string>()
  const pathOf = (method: DescMethodUnary): string => {
    let path = paths.get(method)
    if (path === undefined) {
      const url = new URL(createMethodUrl(options.baseUrl, method))
      path = url.pathname + url.search
      paths.set(method, path)
    }
    return path
  }

  return function unary<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O>,
    signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
    header: Parameters<Transport['unary']>[3],
    input: MessageInitShape<I>,
    contextValues?: ContextValues,
  ): Promise<UnaryResponse<I, O>> {
    if (timeoutMs !== undefined || contextValues !== undefined) {
      return fallback.unary(method, signal, timeoutMs, header, input, contextValues)
    }
    return new Promise<UnaryResponse<I, O>>((resolve, reject) => {
      let stream: ClientHttp2Stream | undefined
      let settled = false
      const settle = (): boolean => {
        if (settled) return false
        settled = true
        signal?.removeEventListener('abort', onAbort)
        return true
      }
      const fail = (reason: unknown): void => {
        if (!settle()) return
        const error = fromNodeReason(reason)
        // gRPC over HTTP/2 maps a cancelled call to RST_STREAM CANCEL; anything else we end is an internal error.
        if (stream && !stream.closed) {
          stream.close(error.code === Code.Canceled ? h2.NGHTTP2_CANCEL : h2.NGHTTP2_INTERNAL_ERROR)
        }
        reject(error)
      }
      function onAbort(): void {
        fail(ConnectError.from(getAbortSignalReason(signal as AbortSignal), Code.Canceled))
      }
      if (signal?.aborted) {
        onAbort()
        return
      }
      signal?.addEventListener('abort', onAbort)

      let body: Uint8Array
      let nodeHeaders: OutgoingHttpHeaders
      try {
        const message = isMessage(input, method.input) ? input : create(method.input, input)
        body = encodeEnvelope(0, toBinary(method.input, message))
        nodeHeaders = requestHeaders(header)
      } catch (error) {
        fail(error)
        return
      }

      const onStream = (s: ClientHttp2Stream): void => {
        if (settled) {
          s.close(h2.NGHTTP2_CANCEL)
          return
        }
        stream = s
        let responseHeader: NodeHeaders | undefined
        let compression: Compression | undefined
        let headerError: ConnectError | undefined
        const trailer = new NodeHeaders()
        const chunks: Buffer[] = []
        let received = 0
        let ended = false
        s.on('response', (headers: IncomingHttpHeaders) => {
          responseHeader = new NodeHeaders(headers)
          try {
            const checked = validateResponseWithCompression(
              acceptCompression,
              Number(headers[':status'] ?? 0),
              responseHeader,
            )
            compression = checked.compression
            headerError = checked.headerError
          } catch (error) {
            fail(error)
          }
        })
        s.on('trailers', (headers: IncomingHttpHeaders) => trailer.merge(headers))
        s.on('data', (chunk: Buffer) => {
          sessions.notifyResponseByteRead(s)
          chunks.push(chunk)
          received += chunk.length
          const length = announcedLength(chunks, received)
          if (length !== undefined && length > readMaxBytes) {
            fail(
              new ConnectError(
                `message size ${length} is larger than configured readMaxBytes ${readMaxBytes}`,
                Code.ResourceExhausted,
              ),
            )
          }
        })
        s.on('end', () => {
          ended = true
          if (settled) return
          finish(responseHeader, Buffer.concat(chunks, received)).then((message) => {
            if (settle()) {
              resolve({
                stream: false,
                service: method.parent,
                method,
                header: responseHeader as Headers,
                message,
                trailer,
              })
            }
          }, fail)
        })
        s.on('error', (error: unknown) => {
          if (s.writableEnded && (error as { code?: unknown }).code === 'ERR_STREAM_WRITE_AFTER_END') return
          fail(error)
        })
        s.on('close', () => {
          const reset = fromResetCode(s.rstCode)
          if (reset) fail(reset)
          else if (!ended) fail(new ConnectError('http/2 stream closed before the response ended', Code.Internal))
        })
        s.end(body)

        /** connect's unary checks, in its order: envelopes, message count, trailers, then the status. */
        async function finish(header: Headers | undefined, bytes: Buffer): Promise<MessageShape<O>> {
          if (!header) throw new ConnectError('protocol error: missing response headers', Code.Internal)
          const envelopes = splitEnvelopes(bytes, readMaxBytes)
          const first = envelopes[0]
          if (envelopes.length > 1) {
            throw new ConnectError('protocol error: received extra output message for unary method', Code.Unimplemented)
          }
          const message = first
            ? parse(method.output, (await envelopeDecompress(first, compression ?? null, readMaxBytes)).data)
            : undefined
          validateTrailer(trailer, header)
          if (message === undefined) {
            if (headerError) throw headerError
            throw new ConnectError(
              'protocol error: missing output message for unary method',
              trailer.has(headerGrpcStatus) ? Code.Unimplemented : Code.Unknown,
            )
          }
          if (headerError) {
            throw new ConnectError(
              'protocol error: received output message for unary method with error status',
              Code.Unknown,
            )
          }
          return message
        }
      }
      sessions.request('POST', pathOf(method as DescMethodUnary), nodeHeaders, {}).then(onStream, fail)
    })
  }
}
