/** The auth package's TokenClient over the server's token proxy routes (the browser never calls a provider itself). */
import { AUTH_PROXY_ROUTES, type TokenClient } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import type { ApiClient } from './api-client.js'
import { ApiError } from './api-error.js'

/**
 * Re-raises a proxy failure as the WorkbenchError the auth package expects, keeping the proxy's message
 * (the provider's `error`/`error_description` or the transport failure) and its hint.
 */
function asWorkbenchError(error: unknown, route: string): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error
  const { problem } = ApiError.fromUnknown(error)
  const reason =
    problem.detail && problem.detail !== problem.title ? `${problem.title}: ${problem.detail}` : problem.title
  const message = `The token request failed. ${reason}`
  return new WorkbenchError(problem.code, message, {
    cause: error,
    hint: problem.hint ?? 'Check the token URL and the client credentials in the environment’s auth panel.',
    details: { route, status: problem.status },
  })
}

export function createTokenClient(api: ApiClient): TokenClient {
  const post = async (route: string, body: unknown, signal?: AbortSignal): Promise<unknown> => {
    try {
      return await api.request<unknown>(route, { method: 'POST', json: body, signal })
    } catch (error) {
      throw asWorkbenchError(error, route)
    }
  }
  return {
    oauthToken: (body, signal) => post(AUTH_PROXY_ROUTES.oauthToken, body, signal),
    codeExchange: (body, signal) => post(AUTH_PROXY_ROUTES.codeExchange, body, signal),
    refresh: (body, signal) => post(AUTH_PROXY_ROUTES.refresh, body, signal),
    customToken: (body, signal) => post(AUTH_PROXY_ROUTES.customToken, body, signal),
  }
}
