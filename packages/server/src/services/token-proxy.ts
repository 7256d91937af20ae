/**
 * The token proxy (SPEC.md "Endpoints"): one token request on the browser's behalf, the endpoint's JSON body passed
 * through byte for byte; unreachable, non-2xx, non-JSON, oversized or late answers become WorkbenchErrors (502).
 */
import { WorkbenchError, checkOutboundUrl, isLoopbackAddress } from '@wirebench/core'
import type { OutboundPolicy, TrustMarker } from '@wirebench/core'
import type {
  CustomTokenRequest,
  OAuthCodeExchangeRequest,
  OAuthRefreshRequest,
  OAuthTokenRequest,
} from '@wirebench/auth'
import { createDispatcherFactory, httpRequest } from '@wirebench/transport'
import type { HttpRequestBody } from '@wirebench/transport'
import { expandSecrets, querySecrets, redactSecrets } from './secret-spellings.js'
import { bodySecrets, clientSecretBasic, customTokenHeaders, tokenForm } from './token-requests.js'

export interface TokenProxyOptions {
  /** Embedded mode refuses private targets; standalone reaches loopback token endpoints. */
  outboundPolicy: OutboundPolicy
  /** SPEC.md Limits: 15 s. */
  timeoutMs: number
  maxResponseBytes: number
}

export interface TokenProxy {
  /** Each resolves to the endpoint's JSON body exactly as received. */
  clientCredentials(request: OAuthTokenRequest, signal?: AbortSignal): Promise<Buffer>
  codeExchange(request: OAuthCodeExchangeRequest, signal?: AbortSignal): Promise<Buffer>
  refresh(request: OAuthRefreshRequest, signal?: AbortSignal): Promise<Buffer>
  customToken(request: CustomTokenRequest, signal?: AbortSignal): Promise<Buffer>
  close(): Promise<void>
}

interface Exchange {
  tokenUrl: string
  method: string
  headers: Record<string, string>
  body?: HttpRequestBody
  /** Values that must never reach a message (client secret, code, verifier, refresh token, custom body). */
  secrets: string[]
  signal: AbortSignal | undefined
  /** The environment's TLS trust settings: a private-CA token endpoint is trusted as the environment's servers are. */
  trust: TrustMarker | undefined
}

const maxProviderText = 300
// eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
const controlChars = /[\u0000-\u001f\u007f-\u009f]+/g

/** The provider's own words (`error`, `error_description`): kept short and on one line. */
function providerText(value: unknown, secrets: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  const flat = redactSecrets(value, secrets).replace(controlChars, ' ').trim()
  return flat.length > maxProviderText ? `${flat.slice(0, maxProviderText)}…` : flat
}

function parseJson(bytes: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) as unknown }
  } catch {
    return { ok: false }
  }
}

/** Names the endpoint without its query string or credentials: custom endpoints may carry keys there. */
function displayUrl(url: URL): string {
  return `${url.origin}${url.pathname}`
}

function upstreamStatusError(status: number, body: Buffer, where: string, secrets: readonly string[]): WorkbenchError {
  const parsed = parseJson(body)
  const fields =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
      ? (parsed.value as Record<string, unknown>)
      : {}
  const error = providerText(fields.error, secrets)
  const description = providerText(fields.error_description, secrets)
  const said = [error, description].filter((s) => s !== undefined).join(': ')
  return new WorkbenchError(
    'upstream_error',
    `The token endpoint ${where} answered HTTP ${status}${said === '' ? '' : ` (${said})`}.`,
    {
      details: {
        upstreamStatus: status,
        ...(error ? { error } : {}),
        ...(description ? { errorDescription: description } : {}),
      },
      hint:
        status >= 300 && status < 400
          ? 'Token requests do not follow redirects: use the final token URL.'
          : 'Check the token URL, client id, secret and scope of this environment.',
    },
  )
}

export function createTokenProxy(options: TokenProxyOptions): TokenProxy {
  const policy: OutboundPolicy = { ...options.outboundPolicy, schemes: ['http:', 'https:'] }
  const dispatchers = createDispatcherFactory({ outbound: policy })

  async function exchange(call: Exchange): Promise<Buffer> {
    const url = checkOutboundUrl(call.tokenUrl, policy)
    if (url.username !== '' || url.password !== '') {
      throw new WorkbenchError('invalid_request', 'The token URL must not carry credentials.', {
        hint: 'Put the client id and secret in their own fields.',
      })
    }
    const where = displayUrl(url)
    if (url.protocol === 'http:' && !isLoopbackAddress(url.hostname)) {
      // The request carries the client secret, a code or a refresh token: in clear text anyone on the path reads it.
      throw new WorkbenchError('blocked_target', `The token URL ${where} is plain http to another machine.`, {
        hint: 'Use the https:// address of the token endpoint; plain http is accepted only for this machine (localhost, 127.0.0.1, [::1]).',
      })
    }
    // Everything secret the request carries, in every spelling an endpoint could echo it back in.
    const secrets = expandSecrets([
      ...call.secrets,
      ...querySecrets(url),
      ...(call.headers.authorization === undefined ? [] : [call.headers.authorization]),
    ])
    // Trust only, never a client certificate: an environment has one auth, so a token helper never comes with mTLS.
    const lease = dispatchers.acquire(call.trust ? { trust: call.trust } : {})
    let response
    try {
      response = await httpRequest({
        url: url.href,
        method: call.method,
        headers: call.headers,
        body: call.body,
        dispatcher: lease.dispatcher,
        signal: call.signal,
        timeoutMs: options.timeoutMs,
        maxResponseBytes: options.maxResponseBytes,
        displayUrl: where,
      })
    } catch (error) {
      const failure = WorkbenchError.from(error, 'upstream_unreachable')
      // The message names the endpoint; the cause is dropped so nothing the request carried travels further.
      throw new WorkbenchError(failure.code, redactSecrets(failure.message, secrets), {
        ...(failure.hint ? { hint: failure.hint } : {}),
        ...(failure.details ? { details: failure.details } : {}),
      })
    } finally {
      await lease.release()
    }
    if (response.truncated) {
      throw new WorkbenchError(
        'upstream_invalid',
        `The token endpoint ${where} answered more than ${options.maxResponseBytes} bytes.`,
      )
    }
    if (response.status < 200 || response.status >= 300) {
      throw upstreamStatusError(response.status, response.body, where, secrets)
    }
    if (!parseJson(response.body).ok) {
      throw new WorkbenchError('upstream_invalid', `The token endpoint ${where} did not answer with JSON.`, {
        details: { upstreamStatus: response.status },
        hint: 'Check that the token URL is the endpoint itself, not a login page.',
      })
    }
    return response.body
  }

  function formPost(tokenUrl: string, form: URLSearchParams, auth: string | undefined, secrets: string[]) {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    }
    if (auth) headers.authorization = auth
    return { tokenUrl, method: 'POST', headers, body: form.toString(), secrets }
  }

  return {
    clientCredentials(request, signal) {
      const form = tokenForm({ grant_type: 'client_credentials', scope: request.scope, audience: request.audience })
      const auth = clientSecretBasic(request.clientId, request.clientSecret)
      return exchange({
        ...formPost(request.tokenUrl, form, auth, [request.clientSecret]),
        signal,
        trust: request.trust,
      })
    },
    codeExchange(request, signal) {
      const secret = request.clientSecret ?? ''
      const form = tokenForm({
        grant_type: 'authorization_code',
        code: request.code,
        redirect_uri: request.redirectUri,
        code_verifier: request.codeVerifier,
        // A public client proves itself with PKCE alone and names itself in the body.
        client_id: secret === '' ? request.clientId : '',
      })
      const auth = secret === '' ? undefined : clientSecretBasic(request.clientId, secret)
      const secrets = [secret, request.code, request.codeVerifier]
      return exchange({ ...formPost(request.tokenUrl, form, auth, secrets), signal, trust: request.trust })
    },
    refresh(request, signal) {
      const secret = request.clientSecret ?? ''
      const form = tokenForm({
        grant_type: 'refresh_token',
        refresh_token: request.refreshToken,
        scope: request.scope,
        client_id: secret === '' ? request.clientId : '',
      })
      const auth = secret === '' ? undefined : clientSecretBasic(request.clientId, secret)
      return exchange({
        ...formPost(request.tokenUrl, form, auth, [secret, request.refreshToken]),
        signal,
        trust: request.trust,
      })
    },
    customToken(request, signal) {
      const hasBody = request.method !== 'GET'
      const headers = customTokenHeaders(request, hasBody)
      const secrets = [...bodySecrets(request.body), ...Object.values(request.headers)]
      return exchange({
        tokenUrl: request.tokenUrl,
        method: request.method,
        headers,
        ...(hasBody ? { body: request.body } : {}),
        secrets,
        signal,
        trust: request.trust,
      })
    },
    close: () => dispatchers.close(),
  }
}
