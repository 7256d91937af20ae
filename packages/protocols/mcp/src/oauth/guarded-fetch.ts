/**
 * The one `fetch` every MCP authorization request goes through (protected-resource and authorization-server metadata,
 * client registration, token and refresh): the outbound policy before anything is sent, https unless the target is
 * this machine (the token proxy's rule), no credentials in the URL, no redirects followed, a time box per request,
 * bounded answers, and the guarded dispatcher (its DNS lookup refuses metadata addresses after resolution).
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { WorkbenchError, checkOutboundUrl, isLoopbackAddress } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'
import { readBoundedBody, toNetworkError } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { fetch as undiciFetch } from 'undici'

export interface GuardedFetchOptions {
  outbound: OutboundPolicy
  dispatchers: DispatcherFactory
  /** SPEC.md Limits: 15 s per token request. */
  timeoutMs: number
  maxResponseBytes: number
}

/** The endpoint named by origin and path only: a query may carry keys. */
export function displayEndpoint(url: URL): string {
  return `${url.origin}${url.pathname}`
}

/**
 * Refuses an authorization URL before any request: outside the policy, with credentials in it, or plain http to
 * another machine (it would carry a code, a verifier, a refresh token or a registration in clear text).
 */
export function checkAuthUrl(raw: string, outbound: OutboundPolicy, what: string): URL {
  let url: URL
  try {
    url = checkOutboundUrl(raw, { ...outbound, schemes: ['http:', 'https:'] })
  } catch (error) {
    const failure = WorkbenchError.from(error)
    throw new WorkbenchError(failure.code, `The ${what} is refused: ${failure.message}`, {
      ...(failure.hint ? { hint: failure.hint } : {}),
    })
  }
  if (url.username !== '' || url.password !== '') {
    throw new WorkbenchError('invalid_request', `The ${what} ${displayEndpoint(url)} carries credentials in its URL.`)
  }
  if (url.protocol === 'http:' && !isLoopbackAddress(url.hostname)) {
    throw new WorkbenchError(
      'blocked_target',
      `The ${what} ${displayEndpoint(url)} is plain http to another machine.`,
      {
        hint: 'MCP authorization needs https endpoints; plain http is accepted only on this machine (localhost, 127.0.0.1, [::1]).',
      },
    )
  }
  return url
}

export function createGuardedFetch(options: GuardedFetchOptions): FetchLike {
  return async (input, init) => {
    const url = checkAuthUrl(String(input), options.outbound, 'authorization request to')
    const lease = options.dispatchers.acquire({})
    const signals = [AbortSignal.timeout(options.timeoutMs), ...(init?.signal ? [init.signal] : [])]
    try {
      const response = await undiciFetch(url.href, {
        ...(init as object),
        // A redirect would reach an address nobody checked.
        redirect: 'manual',
        signal: AbortSignal.any(signals),
        dispatcher: lease.dispatcher,
      })
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel()
        const location = response.headers.get('location')
        let target = ''
        try {
          if (location) target = ` to ${displayEndpoint(new URL(location, url))}`
        } catch {
          target = ''
        }
        throw new WorkbenchError(
          'upstream_invalid',
          `${displayEndpoint(url)} answered a redirect (HTTP ${response.status}${target}): redirect refused.`,
          { hint: 'MCP authorization follows no redirects; the metadata must name the endpoint itself.' },
        )
      }
      const body = response.body ? await readBoundedBody(response.body, options.maxResponseBytes) : undefined
      if (body?.truncated) {
        throw new WorkbenchError(
          'upstream_invalid',
          `${displayEndpoint(url)} answered more than ${options.maxResponseBytes} bytes.`,
        )
      }
      const bytes = body && body.bytes.length > 0 ? new Uint8Array(body.bytes) : null
      return new Response(bytes, {
        status: response.status,
        statusText: response.statusText,
        headers: Object.fromEntries(response.headers.entries()),
      })
    } catch (error) {
      if (error instanceof WorkbenchError) throw error
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new WorkbenchError('timeout', `${displayEndpoint(url)} did not answer within ${options.timeoutMs} ms.`)
      }
      const cause = error instanceof TypeError && error.cause !== undefined ? error.cause : error
      throw toNetworkError(cause, { url: displayEndpoint(url) })
    } finally {
      await lease.release()
    }
  }
}
