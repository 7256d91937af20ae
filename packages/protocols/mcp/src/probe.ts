/**
 * The unpinned probe: an MCP endpoint is recognised by GETs alone, never by a POST (a POSTed `initialize` to a REST
 * collection would create a record). A Streamable HTTP server answers a GET without a session with a JSON-RPC error
 * body (400 "no session", 405, 406 "must accept text/event-stream"), or with MCP's headers; a legacy HTTP+SSE server
 * opens its stream with an `endpoint` event. A stateless Streamable HTTP server opens a bare event stream, so a stream
 * without `endpoint` is asked once more with `Accept: application/json`, which such a server refuses with JSON-RPC.
 * Anything else is not MCP. Only then does `initialize` go out.
 */
import { WorkbenchError, appendQueryParams } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { readBoundedBody, toNetworkError } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { request } from 'undici'
import { readChallenge } from './session/auth-challenge.js'
import { unauthorized } from './errors.js'

export type ProbedTransport = 'streamable-http' | 'sse'

export interface ProbeOptions {
  dispatchers: DispatcherFactory
  headers: Record<string, string>
  /** How long an event stream may stay silent before it is taken for not being legacy MCP. */
  firstEventMs: number
}

const maxBodyBytes = 64 * 1024

function notMcp(url: string, reason: string): WorkbenchError {
  return new WorkbenchError('no_services', `No MCP server at ${url}: ${reason}.`, {
    hint: `If it is one, pin it: mcp@${url} (the workbench then sends initialize).`,
  })
}

function mediaType(contentType: string | string[] | undefined): string {
  const value = Array.isArray(contentType) ? contentType[0] : contentType
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

/** `{"jsonrpc": "2.0", "error": {"code", "message"}, …}`: what MCP's HTTP transports answer a request they refuse. */
function isJsonRpcError(text: string): boolean {
  try {
    const value = JSON.parse(text) as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } }
    return value.jsonrpc === '2.0' && typeof value.error?.code === 'number' && typeof value.error.message === 'string'
  } catch {
    return false
  }
}

interface Answer {
  verdict: ProbedTransport | 'stream' | 'other'
  what: string
}

async function get(url: string, accept: string, ctx: CallContext, options: ProbeOptions): Promise<Answer> {
  const lease = options.dispatchers.acquire(ctx.markers)
  const local = new AbortController()
  const signal = AbortSignal.any([ctx.signal, local.signal])
  try {
    const response = await request(appendQueryParams(url, ctx.markers.apiKeyQuery ?? []), {
      method: 'GET',
      headers: { ...options.headers, accept, 'cache-control': 'no-cache' },
      dispatcher: lease.dispatcher,
      signal,
    }).catch((error: unknown) => {
      const failure = toNetworkError(error, { url, clientCertificate: ctx.markers.mtls !== undefined })
      // Something listens but does not speak HTTP/1.1 (a gRPC server): another plugin's target.
      if (failure.code === 'upstream_invalid') throw notMcp(url, failure.message.replace(/\.$/, ''))
      throw failure
    })
    const type = mediaType(response.headers['content-type'])
    const what = `HTTP ${response.statusCode} with ${type || 'no content type'}`
    const status = response.statusCode
    if (status === 401 || status === 403) {
      response.body.destroy()
      const header = response.headers['www-authenticate']
      const challenge = readChallenge(status, Array.isArray(header) ? header.join(', ') : header)
      // RFC 9728 protected-resource metadata is how an MCP server says it wants OAuth: tell the user how to get in.
      if (challenge?.resourceMetadata) throw unauthorized(url, challenge, status)
      return { verdict: 'other', what }
    }
    if (response.headers['mcp-session-id'] !== undefined || response.headers['mcp-protocol-version'] !== undefined) {
      response.body.destroy()
      return { verdict: 'streamable-http', what }
    }
    if (type === 'text/event-stream' && status >= 200 && status < 300) {
      const timer = setTimeout(() => local.abort(), options.firstEventMs)
      try {
        let text = ''
        for await (const chunk of response.body) {
          text += (chunk as Buffer).toString('utf8')
          const event = /(?:^|\n)event:\s?([^\r\n]*)\r?\n/.exec(text)?.[1]
          if (event !== undefined) return { verdict: event === 'endpoint' ? 'sse' : 'stream', what }
          if (/(?:^|\n)data:/.test(text) && /\r?\n\r?\n/.test(text)) return { verdict: 'stream', what }
          if (text.length > maxBodyBytes) break
        }
      } catch {
        // Silent for longer than we wait: not a legacy MCP stream.
      } finally {
        clearTimeout(timer)
        response.body.destroy()
      }
      return { verdict: 'stream', what }
    }
    const body = await readBoundedBody(response.body, maxBodyBytes)
    return { verdict: isJsonRpcError(body.bytes.toString('utf8')) ? 'streamable-http' : 'other', what }
  } finally {
    local.abort()
    await lease.release()
  }
}

/** The transport an unpinned URL speaks, or `no_services`. */
export async function probeMcp(url: string, ctx: CallContext, options: ProbeOptions): Promise<ProbedTransport> {
  if (!/^https?:\/\//i.test(url)) throw notMcp(url, 'only http(s) addresses and mcp+stdio://<name> serve MCP')
  const first = await get(url, 'text/event-stream, application/json', ctx, options)
  if (first.verdict === 'streamable-http' || first.verdict === 'sse') return first.verdict
  if (first.verdict === 'stream') {
    const second = await get(url, 'application/json', ctx, options)
    if (second.verdict === 'streamable-http') return 'streamable-http'
    throw notMcp(url, 'the GET opened an event stream without an MCP endpoint event')
  }
  throw notMcp(url, `the GET answered ${first.what}, which is not how an MCP endpoint answers`)
}
