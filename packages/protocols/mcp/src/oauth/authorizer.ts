/**
 * What the MCP plugin asks of the workbench's MCP authorization (OAuth 2.1, MCP authorization spec): the bearer token
 * held for a server, and a fresh one after the server refused it. The tokens themselves live with the workbench (in
 * memory only); the plugin only puts them on the wire.
 */

export interface McpAuthorizer {
  /** The access token held for the MCP server at `url` (refreshed first when near expiry); undefined when none. */
  accessToken(url: string, signal?: AbortSignal): Promise<string | undefined>
  /**
   * The server answered 401 to `rejected`: a refreshed token to retry once with, or undefined (no refresh token, or the
   * authorization server refused it, which forgets the tokens).
   */
  refreshAfterRejection(url: string, rejected: string, signal?: AbortSignal): Promise<string | undefined>
  /**
   * The server refused even the freshly refreshed `rejected`: the tokens are forgotten (the status no longer says
   * connected), since another refresh would only be refused again; the user reconnects.
   */
  forgetRefused(url: string, rejected: string): Promise<void>
}

/** The key a server's tokens are held under: its URL without query and fragment (RFC 8707 canonical resource URI). */
export function canonicalServerUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/** Whether the call already carries its own credentials: the user's Authorization header wins over a Connect token. */
export function hasOwnAuthorization(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')
}
