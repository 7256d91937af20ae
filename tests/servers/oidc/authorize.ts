/**
 * Walks the provider's authorization_code flow with plain HTTP requests, as a browser would: authorize, the dev
 * login form (any login/password), the consent form, until the provider redirects to the client's redirect URI.
 */
import { createHash, randomBytes } from 'node:crypto'

export interface AuthorizeOverHttpOptions {
  authorizationUrl: string
  clientId: string
  redirectUri: string
  scope: string
  state: string
  codeChallenge: string
  login?: string
  password?: string
}

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** Cookies by name: the provider scopes them by path, and the newest one of a name is the one that matters. */
class CookieJar {
  private readonly cookies = new Map<string, string>()
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? ''
      const eq = pair.indexOf('=')
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

function decodeHtml(value: string): string {
  return value
    .replace(/&#x2F;/gi, '/')
    .replace(/&#x3D;/gi, '=')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The first form of the page: its action and the fields a person would submit. */
function readForm(html: string, base: string, login: string, password: string): { action: string; body: string } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html)
  if (!form?.[1]) throw new Error(`No form on the provider's page:\n${html.slice(0, 2000)}`)
  const fields = new URLSearchParams()
  for (const input of (form[2] ?? '').matchAll(/<input([^>]*)>/gi)) {
    const attrs = input[1] ?? ''
    const name = /name="([^"]*)"/.exec(attrs)?.[1]
    if (!name) continue
    const value = /value="([^"]*)"/.exec(attrs)?.[1]
    if (name === 'login') fields.set(name, login)
    else if (name === 'password') fields.set(name, password)
    else fields.set(name, decodeHtml(value ?? ''))
  }
  return { action: new URL(decodeHtml(form[1]), base).href, body: fields.toString() }
}

/** Returns the URL the provider finally redirected to (the redirect URI with `code` and `state`, or `error`). */
export async function authorizeOverHttp(options: AuthorizeOverHttpOptions): Promise<URL> {
  const start = new URL(options.authorizationUrl)
  start.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: options.scope,
    state: options.state,
    code_challenge: options.codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'consent',
  }).toString()
  return followAuthorization(start.href, options.redirectUri, options.login, options.password)
}

/**
 * From a complete authorize URL (built elsewhere, e.g. by the workbench's MCP Connect) through the login and consent
 * forms to the redirect URI; returns that URL with `code` and `state` (or `error`).
 */
export async function followAuthorization(
  authorizeUrl: string,
  redirectUri: string,
  login = 'alice',
  password = 'any-password',
): Promise<URL> {
  const options = { redirectUri, login, password }
  const jar = new CookieJar()
  let request: { url: string; init: RequestInit } = { url: authorizeUrl, init: { method: 'GET' } }
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      ...request.init,
      redirect: 'manual',
      headers: { ...(request.init.headers as Record<string, string>), cookie: jar.header() },
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel()
      const next = new URL(location, request.url)
      if (next.href.startsWith(options.redirectUri)) return next
      request = { url: next.href, init: { method: 'GET' } }
      continue
    }
    const html = await response.text()
    if (response.status !== 200) throw new Error(`Provider answered ${response.status}:\n${html.slice(0, 2000)}`)
    const form = readForm(html, request.url, options.login, options.password)
    request = {
      url: form.action,
      init: { method: 'POST', body: form.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    }
  }
  throw new Error('The authorization flow did not reach the redirect URI in 20 steps.')
}
