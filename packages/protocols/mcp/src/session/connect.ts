/**
 * Opens the transport of a new session and runs `initialize` over it: Streamable HTTP, falling back to the legacy
 * HTTP+SSE transport when the server refuses the Streamable HTTP `initialize` with a 4xx (the spec's backwards
 * compatibility rule) or when the discovery probe already saw an SSE `endpoint` event; or a configured stdio process.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { ApiKeyQueryParam, McpSessionInfo } from '@wirebench/core'
import type { DispatcherLease } from '@wirebench/transport'
import type { McpStdioServer } from '../config/types.js'
import { canonicalServerUrl, hasOwnAuthorization } from '../oauth/authorizer.js'
import type { McpAuthorizer } from '../oauth/authorizer.js'
import { httpStatusOf, toMcpError } from '../errors.js'
import { StdioServerTransport } from '../stdio/stdio-transport.js'
import type { StdioTransportOptions } from '../stdio/stdio-transport.js'
import { createSessionFetch } from './http-fetch.js'
import type { SessionFetch } from './http-fetch.js'

export interface HttpConnection {
  kind: 'http'
  url: string
  /** What the probe found; none tries Streamable HTTP first, then HTTP+SSE. */
  transport: 'streamable-http' | 'sse' | undefined
  headers: Record<string, string>
  lease: DispatcherLease
  apiKeyQuery: ApiKeyQueryParam[] | undefined
  /** Puts the token held for this server on each request (none when the call brings its own Authorization). */
  authorizer?: McpAuthorizer | undefined
}

export interface StdioConnection {
  kind: 'stdio'
  server: McpStdioServer
  options: StdioTransportOptions
}

export interface Connected {
  client: Client
  transport: Transport
  kind: McpSessionInfo['transport']
  /** HTTP: the session's fetch (its last authorization challenge). */
  fetch?: SessionFetch
}

/** How the session builds the client of each attempt and watches its transport before `initialize` goes out. */
export interface ConnectHooks {
  newClient(): Client
  beforeConnect(transport: Transport): void
}

/** Runs `connect` until `signal` fires; on abort the half-open transport is closed. */
async function connectWithin(
  hooks: ConnectHooks,
  transport: Transport,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Client> {
  signal.throwIfAborted()
  const client = hooks.newClient()
  hooks.beforeConnect(transport)
  let onAbort: (() => void) | undefined
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    await Promise.race([client.connect(transport, { signal, timeout: timeoutMs }), aborted])
  } catch (error) {
    await client.close().catch(() => undefined)
    throw error
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort)
  }
  return client
}

export async function openConnection(
  connection: HttpConnection | StdioConnection,
  hooks: ConnectHooks,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Connected> {
  if (connection.kind === 'stdio') {
    const transport = new StdioServerTransport(connection.server, connection.options)
    try {
      const client = await connectWithin(hooks, transport, signal, timeoutMs)
      return { client, transport, kind: 'stdio' }
    } catch (error) {
      await transport.close().catch(() => undefined)
      throw transport.closeReason ?? toMcpError(error, { url: `mcp+stdio://${connection.server.name}`, signal })
    }
  }
  const url = new URL(connection.url)
  const authorizer =
    connection.authorizer && !hasOwnAuthorization(connection.headers)
      ? { authorizer: connection.authorizer, serverUrl: canonicalServerUrl(connection.url) }
      : undefined
  const fetch = createSessionFetch({
    dispatcher: connection.lease.dispatcher,
    apiKeyQuery: connection.apiKeyQuery,
    authorizer,
  })
  const requestInit = { headers: connection.headers }
  if (connection.transport !== 'sse') {
    const transport = new StreamableHTTPClientTransport(url, { fetch: fetch.fetch, requestInit })
    try {
      const client = await connectWithin(hooks, transport, signal, timeoutMs)
      return { client, transport, kind: 'streamable-http', fetch }
    } catch (error) {
      const status = httpStatusOf(error)
      const fallBack =
        connection.transport === undefined &&
        status !== undefined &&
        status >= 400 &&
        status < 500 &&
        status !== 401 &&
        status !== 403
      if (!fallBack)
        throw toMcpError(error, {
          url: connection.url,
          challenge: fetch.challenge,
          refusedFreshToken: fetch.refusedFreshToken,
          signal,
        })
    }
  }
  const transport = new SSEClientTransport(url, { fetch: fetch.fetch, requestInit })
  try {
    const client = await connectWithin(hooks, transport, signal, timeoutMs)
    return { client, transport, kind: 'sse', fetch }
  } catch (error) {
    throw toMcpError(error, {
      url: connection.url,
      challenge: fetch.challenge,
      refusedFreshToken: fetch.refusedFreshToken,
      signal,
    })
  }
}
