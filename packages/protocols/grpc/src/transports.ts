/**
 * Connect transports per target, wire protocol and client identity, kept warm (one HTTP/2 session or keep-alive
 * agent each) in a bounded pool. Every connection resolves names through the guarded lookup, so a name that points
 * at a cloud-metadata address is refused at connect time too.
 */
import { Agent as HttpAgent } from 'node:http'
import type { Http2Session, SecureClientSessionOptions } from 'node:http2'
import { Agent as HttpsAgent } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Transport } from '@connectrpc/connect'
import { Http2SessionManager, createGrpcTransport } from '@connectrpc/connect-node'
import type { GrpcTransportOptions } from '@connectrpc/connect-node'
import { WorkbenchError } from '@wirebench/core'
import type { MtlsMarker, OutboundPolicy, TrustMarker } from '@wirebench/core'
import { callTls, createGuardedLookup } from '@wirebench/transport/net'
import type { CallTls } from '@wirebench/transport/net'
import type { GrpcAddress } from './address.js'
import { probeHttpVersion } from './http-version.js'
import type { HttpVersion } from './http-version.js'
import type { GrpcWire } from './types.js'
import { createUnaryH2 } from './unary-h2.js'
import { createWebTransport } from './web-transport.js'

export type { HttpVersion } from './http-version.js'

export interface TransportRequest {
  wire: GrpcWire
  address: GrpcAddress
  /** gRPC is always HTTP/2; gRPC-Web and Connect use the version `httpVersionOf` found (HTTP/1.1 when absent). */
  httpVersion?: HttpVersion
  mtls?: MtlsMarker
  /** The environment's trust settings (combined with the mTLS marker's own CA and allowSelfSigned). */
  trust?: TrustMarker
  /** Largest single message accepted from the target. */
  readMaxBytes: number
}

export interface TransportPool {
  get(request: TransportRequest): Transport
  /**
   * The HTTP version gRPC-Web and Connect calls to this address use: HTTP/2 when the server speaks it, else HTTP/1.1.
   * Learnt once per address and client identity (no request is sent); rejects when the server cannot be reached.
   */
  httpVersionOf(
    request: Pick<TransportRequest, 'address' | 'mtls' | 'trust'>,
    signal: AbortSignal,
  ): Promise<HttpVersion>
  /** What `httpVersionOf` last learnt of this address and client identity, and when (`performance.now()`). */
  learntHttpVersion(request: Pick<TransportRequest, 'address' | 'mtls' | 'trust'>): LearntVersion | undefined
  /** Closes every connection, including those of entries already evicted. */
  close(): Promise<void>
}

export interface LearntVersion {
  version: HttpVersion
  atMs: number
}

export interface TransportPoolOptions {
  outbound?: OutboundPolicy
  maxEntries?: number
  /** Idle HTTP/2 sessions close after this long. */
  idleTimeoutMs?: number
  /** Test seam: resolves host names (default: the system resolver behind the guard). */
  lookup?: LookupFunction
}

interface Entry {
  transport: Transport
  /** True when nothing is in flight on its connections. */
  isIdle(): boolean
  close(): void
}

function tlsOptions(
  request: Pick<TransportRequest, 'address' | 'mtls'>,
  tls: CallTls | undefined,
): SecureClientSessionOptions {
  if (request.mtls && !request.address.tls) {
    // Sending without the certificate the user configured would fail obscurely, or succeed unauthenticated.
    throw new WorkbenchError(
      'invalid_request',
      `A client certificate needs a TLS address; ${request.address.baseUrl} is plaintext.`,
      {
        hint: 'Use https:// (or grpcs://) for this server, or turn mTLS off for this environment.',
      },
    )
  }
  // Trust settings mean nothing on a plaintext address; only a TLS one gets them.
  return request.address.tls && tls ? tls.options : {}
}

/** The TLS settings of a request (client certificate, trusted CA, checks off), or undefined for the defaults. */
function requestTls(request: Pick<TransportRequest, 'mtls' | 'trust'>): CallTls | undefined {
  return callTls({
    ...(request.mtls ? { mtls: request.mtls } : {}),
    ...(request.trust ? { trust: request.trust } : {}),
  })
}

type SessionManager = NonNullable<GrpcTransportOptions['sessionManager']>

const guardedSessions = new WeakSet<Http2Session>()

/**
 * connect-node's session manager drops its `error` listeners when a session fails, and Node may emit one more
 * error afterwards (an HTTP/1.1 server answering the HTTP/2 preface does exactly that): with no listener it would be
 * an uncaught exception that ends the process. Every session therefore keeps a listener of its own; the error itself
 * reaches the call through its stream.
 */
function guardSessions(manager: Http2SessionManager): SessionManager {
  return {
    authority: manager.authority,
    async request(method, path, headers, options) {
      const stream = await manager.request(method, path, headers, options)
      const session = stream.session
      if (session && !guardedSessions.has(session)) {
        guardedSessions.add(session)
        session.on('error', () => undefined)
      }
      return stream
    },
    notifyResponseByteRead: (stream) => manager.notifyResponseByteRead(stream),
  }
}

/** gRPC: unary calls take the lean HTTP/2 path on the same sessions; streams go through connect. */
function grpcTransport(options: GrpcTransportOptions, sessions: SessionManager): Transport {
  const connect = createGrpcTransport(options)
  return {
    unary: createUnaryH2({
      baseUrl: options.baseUrl,
      sessions,
      readMaxBytes: options.readMaxBytes ?? 0xffffffff,
      fallback: connect,
    }),
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      connect.stream(method, signal, timeoutMs, header, input, contextValues),
  }
}

function createEntry(
  request: TransportRequest,
  callTlsSettings: CallTls | undefined,
  lookup: LookupFunction,
  idleTimeoutMs: number,
): Entry {
  const tls = tlsOptions(request, callTlsSettings)
  const baseUrl = request.address.baseUrl
  const common = { baseUrl, readMaxBytes: request.readMaxBytes }
  if (request.wire === 'grpc' || request.httpVersion === '2') {
    const session = new Http2SessionManager(baseUrl, { idleConnectionTimeoutMs: idleTimeoutMs }, { ...tls, lookup })
    const sessions = guardSessions(session)
    const h2 = { ...common, useBinaryFormat: true, httpVersion: '2' as const, sessionManager: sessions }
    return {
      transport:
        request.wire === 'grpc'
          ? grpcTransport(h2, sessions)
          : createWebTransport({ ...common, wire: request.wire, connection: { httpVersion: '2', sessions } }),
      isIdle: () => session.state() !== 'open' && session.state() !== 'connecting' && session.state() !== 'verifying',
      close: () => session.abort(),
    }
  }
  // gRPC-Web and the Connect protocol over HTTP/1.1, for servers that do not speak HTTP/2.
  const agent = request.address.tls
    ? new HttpsAgent({ keepAlive: true, lookup, ...tls })
    : new HttpAgent({ keepAlive: true, lookup })
  return {
    transport: createWebTransport({ ...common, wire: request.wire, connection: { httpVersion: '1.1', agent } }),
    isIdle: () => Object.keys(agent.requests).length === 0 && Object.values(agent.sockets).every((s) => !s?.length),
    close: () => agent.destroy(),
  }
}

export function createTransportPool(options: TransportPoolOptions = {}): TransportPool {
  const lookup = options.lookup ?? createGuardedLookup(options.outbound)
  const maxEntries = options.maxEntries ?? 32
  const idleTimeoutMs = options.idleTimeoutMs ?? 5 * 60_000
  // Insertion order is recency order: re-inserted on use, the least recently used come first.
  const entries = new Map<string, Entry>()
  // Evicted entries with calls still in flight: closed once idle, or at the latest by close().
  const retiring = new Set<Entry>()
  // What each address (and client identity) speaks, most recent last; bounded like the pool.
  const versions = new Map<string, LearntVersion>()
  const versionKey = (request: Pick<TransportRequest, 'address' | 'mtls' | 'trust'>): string =>
    `${request.address.baseUrl} ${requestTls(request)?.id ?? '-'}`

  const sweep = (): void => {
    for (const entry of retiring) {
      if (!entry.isIdle()) continue
      entry.close()
      retiring.delete(entry)
    }
  }

  return {
    get(request) {
      const version = request.wire === 'grpc' ? '2' : (request.httpVersion ?? '1.1')
      // The TLS id is a digest: the pool's keys never hold key material.
      const tls = requestTls(request)
      const key = `${request.wire}/${version} ${request.address.baseUrl} ${tls?.id ?? '-'} ${request.readMaxBytes}`
      const found = entries.get(key)
      if (found) {
        if (entries.size > 1) {
          entries.delete(key)
          entries.set(key, found)
        }
        return found.transport
      }
      const entry = createEntry(request, tls, lookup, idleTimeoutMs)
      entries.set(key, entry)
      while (entries.size > maxEntries) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, Entry]
        entries.delete(oldestKey)
        retiring.add(oldest)
      }
      sweep()
      return entry.transport
    },
    async httpVersionOf(request, signal) {
      const tls = requestTls(request)
      const key = versionKey(request)
      const known = versions.get(key)
      if (known) return known.version
      const origin = new URL(request.address.baseUrl).origin
      const version = await probeHttpVersion(origin, { lookup, tls: tlsOptions(request, tls), signal })
      versions.set(key, { version, atMs: performance.now() })
      while (versions.size > 8 * maxEntries) versions.delete(versions.keys().next().value as string)
      return version
    },
    learntHttpVersion(request) {
      return versions.get(versionKey(request))
    },
    close() {
      versions.clear()
      for (const entry of [...entries.values(), ...retiring]) entry.close()
      entries.clear()
      retiring.clear()
      return Promise.resolve()
    },
  }
}
