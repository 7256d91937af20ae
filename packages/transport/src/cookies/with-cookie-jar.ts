/** Wraps a dispatcher with a cookie jar: stored cookies go out with each request, Set-Cookie answers go into the jar. */
import { cookie } from 'http-cookie-agent/undici'
import type { Dispatcher } from 'undici'
import type { CookieJar } from 'tough-cookie'

/**
 * The same composition as http-cookie-agent's `CookieAgent` (an Agent composed with its cookie interceptor), over
 * any dispatcher, so a cookie call keeps the pooled connections and the client certificate of the Agent below.
 */
export function withCookieJar(dispatcher: Dispatcher, jar: CookieJar): Dispatcher {
  // compose() makes the last interceptor the outermost: the jar writes the Cookie header, then the inner one tidies.
  // The cast bridges the two type declarations tough-cookie ships (ESM here, CJS in http-cookie-agent's types); the
  // interceptor only calls the jar's own methods, so the instance from either build works.
  return dispatcher.compose(dropEmptyCookieHeader, cookie({ jar } as unknown as Parameters<typeof cookie>[0]))
}

/** The jar interceptor always sets `cookie`, empty when it has nothing for the URL; an empty header is not sent. */
const dropEmptyCookieHeader: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const headers = options.headers as Record<string, unknown> | undefined
  if (headers && headers['cookie'] === '') {
    const rest = Object.create(null) as Record<string, unknown>
    for (const name in headers) if (name !== 'cookie') rest[name] = headers[name]
    return dispatch({ ...options, headers: rest as Dispatcher.DispatchOptions['headers'] }, handler)
  }
  return dispatch(options, handler)
}
