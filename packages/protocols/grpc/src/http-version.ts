/**
 * Which HTTP version a gRPC-Web or Connect server speaks, learnt without sending a request: an HTTP/2 connection
 * (prior knowledge on cleartext, ALPN `h2` over TLS) either gets the server's SETTINGS frame — it speaks HTTP/2 —
 * or is refused once the connection is up (an HTTP/1.1 server answers the preface with an error). HTTP/2 wins when
 * a server speaks both: bidirectional streams need it.
 */
import { connect as connectHttp2 } from 'node:http2'
import type { SecureClientSessionOptions } from 'node:http2'
import type { LookupFunction } from 'node:net'

export type HttpVersion = '1.1' | '2'

export interface ProbeOptions {
  lookup: LookupFunction
  /** TLS options of the connection (client certificate, CA), the same the calls use. */
  tls: SecureClientSessionOptions
  signal: AbortSignal
  /** How long a connected server may stay silent before it counts as not speaking HTTP/2. */
  settingsTimeoutMs?: number
}

// A TLS server that offers no `h2` in ALPN refuses the handshake with this alert: it speaks HTTP/1.1 only.
const noApplicationProtocol = 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL'

/**
 * Resolves the HTTP version `origin` speaks. Rejects with the connection's error when the server cannot be reached
 * at all (refused, unresolvable, blocked, a TLS failure other than ALPN) or when `signal` fires, so the caller
 * reports that failure as it would for a call.
 */
export function probeHttpVersion(origin: string, options: ProbeOptions): Promise<HttpVersion> {
  const { signal } = options
  const settingsTimeoutMs = options.settingsTimeoutMs ?? 3_000
  return new Promise<HttpVersion>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error)
      return
    }
    const session = connectHttp2(origin, { ...options.tls, lookup: options.lookup })
    let connected = false
    let timer: NodeJS.Timeout | undefined
    const finish = (version: HttpVersion | undefined, error?: unknown): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      session.removeAllListeners()
      // A late error of the closing session must not become an uncaught exception.
      session.on('error', () => undefined)
      session.destroy()
      if (version) resolve(version)
      else reject(error instanceof Error ? error : new Error(String(error)))
    }
    function onAbort(): void {
      finish(undefined, signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    session.once('connect', () => {
      connected = true
      timer = setTimeout(() => finish('1.1'), settingsTimeoutMs)
    })
    session.once('remoteSettings', () => finish('2'))
    session.once('error', (error: NodeJS.ErrnoException) => {
      if (connected || error.code === noApplicationProtocol) finish('1.1')
      else finish(undefined, error)
    })
    session.once('close', () => (connected ? finish('1.1') : finish(undefined, new Error('connection closed'))))
  })
}
