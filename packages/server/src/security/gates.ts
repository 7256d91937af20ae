/**
 * The SECURITY.md gates, run in `onRequest` (before any body is parsed) on every workbench route:
 * Host allow-list, Origin and fetch metadata, and the session token on `/api/*`; the security headers go on first.
 */
import { LIVE_TOKEN_PROTOCOL_PREFIX, SESSION_TOKEN_HEADER, WorkbenchError } from '@wirebench/core'
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify'
import { sendProblem } from '../errors/error-handler.js'
import { sessionRefusal, toProblem } from '../errors/problem.js'
import { setSecurityHeaders } from './headers.js'
import { isHostAllowed } from './hosts.js'
import type { SessionToken } from './token.js'

export interface GateOptions {
  /** The mount prefix ('' standalone). */
  prefix: string
  /** API paths (below the prefix) that need no session token: the launch-ticket exchange, which hands it out. */
  tokenFreePaths?: readonly string[]
  /** null disables the token gate (`--no-token`); the holder's current token is the one that works. */
  token: SessionToken | null
  allowedHosts: readonly string[]
}

/** Every gate refusal is the workbench's own: its problem carries the session type the page reacts to. */
function refuse(reply: FastifyReply, error: WorkbenchError): FastifyReply {
  const marked = new WorkbenchError(error.code, error.message, {
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    details: sessionRefusal,
  })
  return sendProblem(reply, toProblem(marked))
}

function isApiPath(url: string, apiPrefix: string): boolean {
  if (!url.startsWith(apiPrefix)) return false
  const next = url.charCodeAt(apiPrefix.length)
  // `{prefix}/api`, `{prefix}/api/…`, `{prefix}/api?…`; not `{prefix}/apix`.
  return Number.isNaN(next) || next === 0x2f || next === 0x3f
}

function isApiRequest(request: FastifyRequest, apiPrefix: string): boolean {
  if (isApiPath(request.url, apiPrefix)) return true
  const routeUrl = request.routeOptions.url
  return routeUrl !== undefined && isApiPath(routeUrl, apiPrefix)
}

/**
 * The one cross-site request the workbench accepts: the OAuth provider redirecting the authorization popup to
 * `GET {prefix}/oauth-callback` (a top-level navigation, so fetch metadata says cross-site and no token is sent).
 * The page is static and has no side effects; Host and Origin are still checked, and only a document navigation to
 * that exact path qualifies (not a fetch, an embed or any other path).
 */
function isCallbackNavigation(request: FastifyRequest, callbackPath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (firstHeader(request.headers['sec-fetch-mode']) !== 'navigate') return false
  const dest = firstHeader(request.headers['sec-fetch-dest'])
  if (dest !== undefined && dest !== 'document') return false
  const url = request.url
  return url === callbackPath || url.startsWith(`${callbackPath}?`)
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/**
 * A browser cannot set headers on a WebSocket upgrade: the live socket offers the token as the subprotocol entry
 * `wirebench.token.<token>` (never in the URL). Only upgrade requests are read this way.
 */
function upgradeToken(request: FastifyRequest): string | undefined {
  const upgrade = request.headers.upgrade
  if (upgrade === undefined || upgrade.toLowerCase() !== 'websocket') return undefined
  const offered = request.headers['sec-websocket-protocol']
  if (offered === undefined) return undefined
  for (const entry of offered.split(',')) {
    const value = entry.trim()
    if (value.startsWith(LIVE_TOKEN_PROTOCOL_PREFIX)) return value.slice(LIVE_TOKEN_PROTOCOL_PREFIX.length)
  }
  return undefined
}

/**
 * The embedding host's own authorization (its session, its roles), after the built-in gates, on every workbench route:
 * the API, the UI page and its assets, the OAuth callback and the live socket's upgrade. A hook that throws refuses
 * (403) like one that answers false; what it threw stays in the log.
 */
export function createAuthorizeHook(
  authorize: (request: FastifyRequest) => boolean | Promise<boolean>,
): onRequestAsyncHookHandler {
  return async function authorizeHook(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    let isAllowed: boolean
    try {
      isAllowed = (await authorize(request)) === true
    } catch (error) {
      request.log.error({ err: error }, "the host application's authorize hook threw; the request is refused")
      isAllowed = false
    }
    if (isAllowed) return undefined
    // Returning the reply tells Fastify the hook answered.
    return refuse(reply, new WorkbenchError('forbidden', 'The host application does not allow this request.'))
  }
}

export function createGateHook(options: GateOptions): onRequestHookHandler {
  const apiPrefix = `${options.prefix}/api`
  const callbackPath = `${options.prefix}/oauth-callback`
  const session = options.token
  const tokenFree = new Set((options.tokenFreePaths ?? []).map((path) => `${options.prefix}${path}`))
  // Exact matches only: a token-free route's own path, by the raw URL and by the matched route (the router may decode
  // `%61pi` or ignore case). Asked only of requests without a valid token: `routeOptions` builds a fresh object on
  // every read.
  const isTokenFree = (request: FastifyRequest): boolean =>
    tokenFree.size > 0 && (tokenFree.has(request.url) || tokenFree.has(request.routeOptions.url ?? ''))
  return function gate(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    // First, so that refusals carry them too. By the raw path: an API route reached by another spelling of it gets the
    // page's CSP, which is strict as well.
    setSecurityHeaders(reply, isApiPath(request.url, apiPrefix))
    const host = request.headers.host
    if (!isHostAllowed(host, options.allowedHosts)) {
      void refuse(
        reply,
        new WorkbenchError('forbidden', 'This Host is not allowed to reach the workbench.', {
          hint: 'Open the workbench through localhost, 127.0.0.1 or [::1], or add the host to allowedHosts.',
        }),
      )
      return
    }
    const origin = request.headers.origin
    // The workbench's own origin as this request addressed it; the Host check above already vetted the host part.
    if (origin !== undefined && origin !== `${request.protocol}://${host}`) {
      void refuse(reply, new WorkbenchError('forbidden', 'Cross-origin requests are refused.'))
      return
    }
    if (
      firstHeader(request.headers['sec-fetch-site']) === 'cross-site' &&
      !isCallbackNavigation(request, callbackPath)
    ) {
      void refuse(reply, new WorkbenchError('forbidden', 'Cross-site requests are refused.'))
      return
    }
    if (session !== null && isApiRequest(request, apiPrefix)) {
      const given = firstHeader(request.headers[SESSION_TOKEN_HEADER]) ?? upgradeToken(request)
      if (!session.matches(given) && !isTokenFree(request)) {
        void refuse(
          reply,
          new WorkbenchError(
            'unauthorized',
            given === undefined ? 'The session token is missing.' : 'The session token is wrong.',
            {
              hint: 'Open the URL the wirebench command printed in your terminal (it ends with #token=…); programs send the token as X-Workbench-Token.',
            },
          ),
        )
        return
      }
    }
    done()
  }
}
