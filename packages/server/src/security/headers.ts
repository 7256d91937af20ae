/** Response headers every workbench response carries: a strict CSP, no referrer, no sniffing; never CORS headers. */
import type { FastifyReply } from 'fastify'

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

/**
 * The CSP of `/api/*` answers: JSON and text that no page renders as a document, so nothing may load or frame them.
 * Stricter than the page's and a quarter of its size, which every relayed call sends and its client parses.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * Sets them on a reply as its request arrives (`isApi`: the request's path is under `{prefix}/api`), so every answer carries them: refusals by the gates, errors, the UI and
 * the API. Set in `onRequest` rather than in an `onSend` hook of their own: the route still has the last word (the
 * OAuth callback page sets its own Cross-Origin-Opener-Policy), and every request is spared one more hook.
 */
export function setSecurityHeaders(reply: FastifyReply, isApi: boolean): void {
  void reply
    .header('content-security-policy', isApi ? API_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    // Not `same-origin`: the OAuth popup the UI opens must keep its opener across the provider's cross-origin pages,
    // or the callback page cannot hand the code back. Cross-origin openers of the workbench are still cut off.
    .header('cross-origin-opener-policy', 'same-origin-allow-popups')
    .header('cross-origin-resource-policy', 'same-origin')
}
