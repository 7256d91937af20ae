/**
 * The workbench's MCP authorization (Connect), loaded on the first Connect: until then no server holds a token, so
 * the MCP plugin's token look-ups answer "none" without loading the SDK's auth code or an outbound stack.
 */
import type { OutboundPolicy } from '@wirebench/core'
import type { McpAuthorizations } from '@wirebench/protocol-mcp/oauth'

export interface McpAuthorizationsOptions {
  outboundPolicy: OutboundPolicy
  /** Per request to a metadata, registration or token endpoint (the token proxy's limit). */
  timeoutMs: number
  maxResponseBytes: number
}

/** The server's URL as the tokens are keyed (no query or fragment). */
function canonical(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}`
  } catch {
    return url
  }
}

export function createLazyMcpAuthorizations(options: McpAuthorizationsOptions): McpAuthorizations {
  let loaded: Promise<McpAuthorizations> | undefined
  const real = (): Promise<McpAuthorizations> => {
    loaded ??= Promise.all([import('@wirebench/protocol-mcp/oauth'), import('@wirebench/transport')]).then(
      ([{ createMcpAuthorizations }, { createDispatcherFactory }]) =>
        createMcpAuthorizations({
          outbound: options.outboundPolicy,
          dispatchers: createDispatcherFactory({ outbound: options.outboundPolicy }),
          timeoutMs: options.timeoutMs,
          maxResponseBytes: options.maxResponseBytes,
        }),
    )
    // A failed import is not remembered: the next Connect tries again.
    loaded.catch(() => (loaded = undefined))
    return loaded
  }
  return {
    start: async (request, signal) => (await real()).start(request, signal),
    complete: async (state, code, signal, iss) => (await real()).complete(state, code, signal, iss),
    // Nothing is held before the first Connect: the status does not load anything.
    status: async (url) => (loaded ? (await loaded).status(url) : { url: canonical(url), connected: false }),
    disconnect: async (url) => (await real()).disconnect(url),
    accessToken: async (url, signal) => (loaded ? (await loaded).accessToken(url, signal) : undefined),
    refreshAfterRejection: async (url, rejected, signal) =>
      loaded ? (await loaded).refreshAfterRejection(url, rejected, signal) : undefined,
    forgetRefused: async (url, rejected) => (loaded ? (await loaded).forgetRefused(url, rejected) : undefined),
    close: async () => (await loaded?.catch(() => undefined))?.close(),
  }
}
