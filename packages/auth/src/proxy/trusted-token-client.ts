/**
 * A token client whose every request carries the environment's TLS trust settings, so a token endpoint behind a
 * private CA (or a self-signed one the user allowed) is reached the way the environment's calls reach their servers.
 */
import type { TrustMarker } from '@wirebench/core'
import type { TokenClient } from './token-client.js'

/** `client` itself when there is nothing to add (the default trust). */
export function withTrust(client: TokenClient, trust: TrustMarker | undefined): TokenClient {
  if (trust === undefined || (trust.caCertificate === undefined && trust.allowSelfSigned !== true)) return client
  return {
    oauthToken: (body, signal) => client.oauthToken({ ...body, trust }, signal),
    codeExchange: (body, signal) => client.codeExchange({ ...body, trust }, signal),
    refresh: (body, signal) => client.refresh({ ...body, trust }, signal),
    customToken: (body, signal) => client.customToken({ ...body, trust }, signal),
  }
}
