/** Reads a `WWW-Authenticate` challenge: its scheme and the parameters the MCP authorization spec uses (RFC 9728). */
import type { AuthChallenge } from '@wirebench/core'

/** `Bearer realm="x", resource_metadata="https://…", scope="a b", error="invalid_token"` → its parts. */
export function readChallenge(status: number, header: string | null | undefined): AuthChallenge | undefined {
  if (!header) return undefined
  const challenge: AuthChallenge = { status, wwwAuthenticate: header.slice(0, 2048) }
  const scheme = /^\s*([A-Za-z][A-Za-z0-9._~+/-]*)/.exec(header)?.[1]
  if (scheme) challenge.scheme = scheme
  for (const match of header.matchAll(/([A-Za-z_][A-Za-z0-9_-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    const name = (match[1] ?? '').toLowerCase()
    const value = (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1')
    if (name === 'resource_metadata') challenge.resourceMetadata = value
    else if (name === 'scope') challenge.scope = value
    else if (name === 'error') challenge.error = value
  }
  return challenge
}
