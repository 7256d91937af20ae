/** The shapes a k6 script is written from (`k6-script.ts`) and its options (`k6-options.ts`) read. */
import type { RunSettings } from './types.js'

/** A value of the request that the script reads from the environment instead (`__ENV.NAME`). */
export interface K6Secret {
  /** An environment variable name: letters, digits and `_`. */
  env: string
  value: string
  /** What the variable must hold, when that is not obvious from its name (said in a note when the script reads it). */
  about?: string
}

export type K6Target =
  | {
      kind: 'http'
      method: string
      url: string
      headers: Record<string, string>
      body?: string
      /** A GraphQL request: an answer with `errors` is a failed call (as the run counted it), checked by the script. */
      isGraphql?: boolean
    }
  /**
   * gRPC over `k6/net/grpc`: protos from files beside the script or in `WB_PROTO_DIR` (`protoFiles`, as uploaded), or,
   * with none, server reflection. The message's string values may hold secrets and drawn values (replaced as in text).
   */
  | {
      kind: 'grpc'
      address: string
      isPlaintext: boolean
      protoFiles: readonly string[]
      /** `package.Service/Method`. */
      method: string
      message: unknown
      metadata: Record<string, string>
    }
  /** WebSocket over `k6/ws`: connect, send each message after the previous one's answer, close after the last. */
  | { kind: 'ws'; url: string; headers: Record<string, string>; messages: readonly string[] }

/**
 * A value one call of the run drew from `${uuid}` or `${random}`: wherever it occurs in the written request, the script
 * draws a fresh one for every iteration instead, as the benchmark did for every call.
 */
export interface K6Drawn {
  variable: 'uuid' | 'random'
  value: string
}

export interface K6ScriptInput {
  target: K6Target
  settings: RunSettings
  thresholds?: readonly string[]
  secrets?: readonly K6Secret[]
  /** Values one call drew for `${uuid}`/`${random}`: drawn afresh per iteration in the script. */
  drawn?: readonly K6Drawn[]
  /** Said at the top of the script as comments (what the script does not reproduce). */
  notes?: readonly string[]
  /**
   * The run presented a client certificate (mTLS): the script reads the PEM certificate and key from the files named
   * by `WB_TLS_CERT_FILE` and `WB_TLS_KEY_FILE` (k6's `tlsAuth`; gRPC's `tls` connect parameter).
   */
  hasClientCertificate?: boolean
}
