/** Response headers every workbench response carries: a strict CSP, no referrer, no sniffing; never CORS headers. */
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // MCP audio content arrives as base64 and plays from a data: URL, as images do.
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

export const securityHeadersHook: onSendHookHandler = function securityHeaders(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, value?: unknown) => void,
): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
  reply.header('referrer-policy', 'no-referrer')
  reply.header('x-content-type-options', 'nosniff')
  reply.header('x-frame-options', 'DENY')
  // Not `same-origin`: the OAuth popup the UI opens must keep its opener across the provider's cross-origin pages,
  // or the callback page cannot hand the code back. Cross-origin openers of the workbench are still cut off. A route
  // may set its own (the callback page itself needs `unsafe-none`).
  if (!reply.hasHeader('cross-origin-opener-policy')) {
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups')
  }
  reply.header('cross-origin-resource-policy', 'same-origin')
  done(null, payload)
}
