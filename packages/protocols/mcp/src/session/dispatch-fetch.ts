/**
 * The SDK's POSTs sent with undici's dispatcher API instead of its `fetch`. Every JSON-RPC message of a session is one
 * POST; through `fetch` each builds a Request, turns the string body into a stream, tees it (a `follow` redirect could
 * need it again) and wraps the answer in several more streams, which costs a relayed tool call about a fifth of a
 * millisecond on top of what the SDK itself does. The SDK asks for `redirect: 'manual'` (it follows redirects within
 * the origin itself), so returning the answer as it came, a 3xx included, is what `fetch` would have done.
 */
import { Response, request } from 'undici'
import type { Dispatcher } from 'undici'

/** Statuses whose Response may not carry a body. */
const nullBodyStatuses = new Set([204, 205, 304])

/** Whether `dispatchFetch` sends this request as `fetch` would: a POST of a string the SDK leaves redirects of. */
export function isDispatchable(init: RequestInit | undefined): boolean {
  return init?.method === 'POST' && init.redirect === 'manual' && typeof init.body === 'string'
}

/** The answer's headers as pairs: a repeated header (`set-cookie`) keeps each of its values. */
function headerPairs(raw: Record<string, string | string[] | undefined>): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const one of value) pairs.push([name, one])
    else if (value !== undefined) pairs.push([name, value])
  }
  return pairs
}

export async function dispatchFetch(
  url: string | URL,
  init: RequestInit & { body: string },
  options: { dispatcher: Dispatcher; signal: AbortSignal | undefined },
): Promise<Response> {
  let answer: Dispatcher.ResponseData
  try {
    answer = await request(url, {
      method: 'POST',
      // undici reads a Headers object or a record as fetch does, but an array as flat name, value, name…: pairs
      // (fetch's other HeadersInit) go through Headers.
      headers: (Array.isArray(init.headers) ? new Headers(init.headers) : init.headers) as
        Record<string, string> | undefined,
      body: init.body,
      dispatcher: options.dispatcher,
      ...(options.signal ? { signal: options.signal } : {}),
    })
  } catch (error) {
    // As `fetch` rejects: the abort reason on abort, else a TypeError whose cause is the network error.
    if (options.signal?.aborted === true) throw error
    throw new TypeError('fetch failed', { cause: error })
  }
  const status = answer.statusCode
  const isNullBody = nullBodyStatuses.has(status)
  if (isNullBody) await answer.body.dump()
  return new Response(isNullBody ? null : answer.body, { status, headers: headerPairs(answer.headers) })
}
