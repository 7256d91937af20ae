/**
 * What the HTTP client learns from a negotiate: the hub address a connection ends up on (after any redirects the
 * answers name, as the hosted SignalR service sends), and why an HTTP redirect of negotiate itself is not followed.
 */
import { WorkbenchError } from '@wirebench/core'
import type { HttpRequest } from '@microsoft/signalr'
import { withoutQuery } from './hub-wire.js'
import type { HubWire, NegotiateAnswer } from './hub-wire.js'

const negotiatePath = /\/negotiate$/

export function isNegotiate(request: HttpRequest): boolean {
  return request.method === 'POST' && negotiatePath.test(new URL(request.url ?? '', 'http://x').pathname)
}

/** The hub address a negotiate URL was built from: `/negotiate` and the client's own query parameters removed. */
export function hubUrlOf(negotiateUrl: string): string {
  const url = new URL(negotiateUrl)
  url.pathname = url.pathname.replace(negotiatePath, '')
  url.searchParams.delete('negotiateVersion')
  url.searchParams.delete('useStatefulReconnect')
  return url.href
}

/** The negotiate answer's redirect (`url` and `accessToken`), if it has one; an unreadable body is left to the client. */
export function readAnswer(negotiateUrl: string, body: string): NegotiateAnswer {
  const hubUrl = hubUrlOf(negotiateUrl)
  try {
    const answer = JSON.parse(body) as { url?: unknown; accessToken?: unknown } | null
    if (typeof answer?.url === 'string') {
      return { hubUrl, redirect: { url: answer.url, accessToken: typeof answer.accessToken === 'string' } }
    }
  } catch {
    // Not JSON: the client says what is wrong with it.
  }
  return { hubUrl }
}

/**
 * An HTTP 3xx answer to negotiate. It is not followed (it would carry the environment's credentials to wherever it
 * points); the usual cause on ASP.NET Core is UseHttpsRedirection sending http:// on to https://.
 */
export function negotiateRedirected(wire: HubWire, status: number, location: string | undefined): WorkbenchError {
  let target: string | undefined
  try {
    target = location ? withoutQuery(hubUrlOf(new URL(location, wire.origin).href)) : undefined
  } catch {
    target = undefined
  }
  return new WorkbenchError(
    'upstream_error',
    `The hub at ${wire.displayUrl} answered negotiate with HTTP ${status}, a redirect${target ? ` to ${target}` : ''}. HTTP redirects are not followed: they would take the environment’s credentials to another address.`,
    {
      hint: target
        ? `Use ${target} as the hub address if you trust it (on ASP.NET Core, UseHttpsRedirection sends http:// to https://).`
        : 'Use the address the server redirects to as the hub address (on ASP.NET Core, UseHttpsRedirection sends http:// to https://).',
      details: { status, ...(target ? { location: target } : {}) },
    },
  )
}
