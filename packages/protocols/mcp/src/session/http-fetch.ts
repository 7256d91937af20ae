/**
 * The `fetch` the SDK's HTTP transports use for one session: undici's (its dispatcher API for the SDK's POSTs), through
 * the dispatcher the call's markers select (guarded DNS, TLS trust and mTLS, the environment's cookie jar), with the API-key query appended to every request
 * URL right before the wire. It remembers the last authorization challenge (401/403 with `WWW-Authenticate`), which
 * the SDK's transports drop, so a refusal can say where the protected-resource metadata is.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { appendQueryParams } from '@wirebench/core'
import type { ApiKeyQueryParam, AuthChallenge } from '@wirebench/core'
import { fetch as undiciFetch } from 'undici'
import type { Dispatcher } from 'undici'
import type { McpAuthorizer } from '../oauth/authorizer.js'
import { readChallenge } from './auth-challenge.js'
import { dispatchFetch, isDispatchable } from './dispatch-fetch.js'

export interface SessionFetch {
  fetch: FetchLike
  /** The last 401/403 challenge seen, if any. */
  readonly challenge: AuthChallenge | undefined
  /** The server refused a token refreshed just for it: Connect again, a refresh will not help. */
  readonly refusedFreshToken: boolean
}

export function createSessionFetch(options: {
  dispatcher: Dispatcher
  apiKeyQuery: readonly ApiKeyQueryParam[] | undefined
  /** Set when the call carries no Authorization of its own: the token held for `serverUrl` goes on each request. */
  authorizer?: { authorizer: McpAuthorizer; serverUrl: string } | undefined
}): SessionFetch {
  let challenge: AuthChallenge | undefined
  let refusedFreshToken = false
  const query = options.apiKeyQuery ?? []
  const fetch: FetchLike = async (url, init) => {
    const wire = query.length > 0 ? appendQueryParams(String(url), query) : url
    // The SDK hands every request of a session the same long-lived signal. undici's Request adds an abort listener to
    // it and removes it only when the Request is garbage-collected, so thousands pile up (each add scans them all). A
    // per-request signal that follows it (AbortSignal.any holds its sources weakly, adding no listener) goes instead.
    const signal = init?.signal ? AbortSignal.any([init.signal]) : undefined
    const send = (bearer: string | undefined) => {
      // Without a bearer to add, the SDK's headers go as they are (undici reads any iterable of pairs): no copy per
      // request on the path every tool call takes.
      let headers = init?.headers
      if (bearer !== undefined) {
        const withBearer = new Headers(init?.headers)
        withBearer.set('authorization', `Bearer ${bearer}`)
        headers = withBearer
      }
      if (isDispatchable(init)) {
        const post = { ...(init as RequestInit & { body: string }), ...(headers === undefined ? {} : { headers }) }
        return dispatchFetch(wire, post, { dispatcher: options.dispatcher, signal })
      }
      // undici's fetch takes the dispatcher in its init; the two fetch implementations' types differ only nominally.
      return undiciFetch(wire, {
        ...(init as object),
        ...(headers === undefined ? {} : { headers: headers as Record<string, string> }),
        ...(signal ? { signal } : {}),
        dispatcher: options.dispatcher,
      })
    }
    const auth = options.authorizer
    const bearer = auth ? await auth.authorizer.accessToken(auth.serverUrl, signal) : undefined
    let response = await send(bearer)
    if (response.status === 401 && auth && bearer !== undefined) {
      // The token was revoked or expired early: one refresh and one retry (SDK bodies are strings, safe to resend).
      const next = await auth.authorizer.refreshAfterRejection(auth.serverUrl, bearer, signal)
      if (next !== undefined) {
        await response.body?.cancel()
        response = await send(next)
        if (response.status === 401) {
          refusedFreshToken = true
          await auth.authorizer.forgetRefused(auth.serverUrl, next)
        }
      }
    }
    if (response.status === 401 || response.status === 403) {
      challenge = readChallenge(response.status, response.headers.get('www-authenticate')) ?? challenge
    }
    return response as unknown as Response
  }
  return {
    fetch,
    get challenge() {
      return challenge
    },
    get refusedFreshToken() {
      return refusedFreshToken
    },
  }
}
