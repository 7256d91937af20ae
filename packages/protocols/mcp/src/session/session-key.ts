/**
 * Which pooled session a call uses: one per (server, auth fingerprint). The fingerprint covers everything a session
 * fixes when it opens — the headers sent and the transport markers (client certificate, trust, API-key query, cookie
 * environment) — hashed, so the key holds no secret.
 */
import { createHash } from 'node:crypto'
import type { CallContext } from '@wirebench/core'
import { isManagedHeader } from '@wirebench/transport'
import type { SessionTarget } from '../types.js'

// The transports set these per request; a user value would override theirs and break the protocol.
const protocolHeaders = new Set(['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'])

/** The call's headers a session may send: metadata without the ones undici and the MCP transports manage. */
export function sessionHeaders(
  metadata: Record<string, string>,
  configured?: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {}
  const add = (name: string, value: string) => {
    const lower = name.toLowerCase()
    if (isManagedHeader(lower) || protocolHeaders.has(lower)) return
    headers[lower] = value
  }
  // The configuration's headers first: the user's own win on a clash.
  for (const [name, value] of Object.entries(configured ?? {})) add(name, value)
  for (const [name, value] of Object.entries(metadata)) add(name, value)
  return headers
}

export function sessionKey(target: SessionTarget, ctx: CallContext, headers: Record<string, string>): string {
  if (target.kind === 'stdio') return `stdio\u0000${target.server.name}`
  const { mtls, trust, apiKeyQuery, cookieEnv } = ctx.markers
  // No credentials at all (the common local case): nothing to hash.
  if (!mtls && !trust && !apiKeyQuery && cookieEnv === undefined && Object.keys(headers).length === 0) {
    return `${target.url}\u0000`
  }
  const material = JSON.stringify([
    Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    mtls ?? null,
    trust ?? null,
    apiKeyQuery ?? null,
    cookieEnv ?? null,
  ])
  return `${target.url}\u0000${createHash('sha256').update(material).digest('base64url')}`
}
