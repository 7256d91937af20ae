/**
 * MCP authorization (spec 2025-06-18 / 2025-11-25) run by the workbench on the browser's behalf: protected-resource
 * metadata (RFC 9728) → authorization-server metadata (RFC 8414 / OpenID discovery) → dynamic client registration
 * (RFC 7591) when no client id is given → an authorize URL with PKCE S256 and the `resource` parameter (RFC 8707) for
 * the popup → the code exchange → refreshes. The SDK's client auth functions do each step through the guarded fetch;
 * every endpoint a metadata document names is checked before anything is sent to it. Tokens never leave this module
 * except as the bearer header the plugin sends; callers see "connected as / expires" only.
 */
import {
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js'
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { WorkbenchError } from '@wirebench/core'
import type { McpAuthStartRequest, McpAuthStartResponse, McpAuthStatus, McpAuthStep } from '@wirebench/core'
import { canonicalServerUrl } from './authorizer.js'
import type { McpAuthorizer } from './authorizer.js'
import { discoverAuthorization } from './discover-servers.js'
import { checkAuthUrl } from './guarded-fetch.js'
import type { GuardedFetchOptions } from './guarded-fetch.js'
import { createGuardedFetch } from './guarded-fetch.js'
import { stepError } from './step-errors.js'
import { subjectOf } from './subject.js'
import { TokenStore } from './token-store.js'
import type { HeldTokens } from './token-store.js'

export interface McpAuthorizations extends McpAuthorizer {
  start(request: McpAuthStartRequest, signal?: AbortSignal): Promise<McpAuthStartResponse>
  /** `iss` is the issuer the callback named (RFC 9207), when it named one. */
  complete(state: string, code: string, signal?: AbortSignal, iss?: string): Promise<McpAuthStatus>
  status(url: string): Promise<McpAuthStatus>
  disconnect(url: string): Promise<McpAuthStatus>
  close(): Promise<void>
}

interface Grant {
  serverUrl: string
  resource: URL
  authorizationServer: string
  metadata: AuthorizationServerMetadata
  client: OAuthClientInformationMixed
}

interface Pending extends Grant {
  codeVerifier: string
  redirectUri: string
  createdAt: number
  steps: McpAuthStep[]
}

const pendingTtlMs = 10 * 60_000
const maxPending = 8

/** The redirect URI is registered with the authorization server: only the workbench's own callback page. */
function checkRedirectUri(raw: string): void {
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {
    url = undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.pathname.endsWith('/oauth-callback') || url.search !== '') {
    throw new WorkbenchError('invalid_request', 'The redirect URI must be the workbench’s own /oauth-callback page.', {
      hint: 'Connect from the workbench page: it sends http://localhost:<port>/oauth-callback.',
    })
  }
}

/**
 * RFC 9207: an `iss` on the callback must be the issuer the authorization was started with, and a server that says
 * it always sends one must have sent it; otherwise the code may come from another server (a mix-up attack).
 */
function checkCallbackIssuer(metadata: AuthorizationServerMetadata, iss: string | undefined): void {
  const promised = (metadata as { authorization_response_iss_parameter_supported?: unknown })
    .authorization_response_iss_parameter_supported
  if (iss === undefined ? promised === true : iss !== metadata.issuer) {
    throw new WorkbenchError(
      'forbidden',
      iss === undefined
        ? `The authorization answer carries no issuer, though ${metadata.issuer} says it always sends one (RFC 9207).`
        : `The authorization answer comes from another issuer (${iss}) than the one asked (${metadata.issuer}).`,
      { hint: 'The code was not used. Click Connect again; if this repeats, another server is answering for it.' },
    )
  }
}

export function createMcpAuthorizations(options: GuardedFetchOptions & { clock?: () => number }): McpAuthorizations {
  const clock = options.clock ?? Date.now
  const fetchFn: FetchLike = createGuardedFetch(options)
  const tokens = new TokenStore(clock)
  const pending = new Map<string, Pending>()
  // Registered clients by (authorization server, redirect URI): Connect again reuses the registration.
  const registrations = new Map<string, OAuthClientInformationMixed>()

  const checked = (raw: string | undefined, what: string): URL | undefined =>
    raw === undefined ? undefined : checkAuthUrl(raw, options.outbound, what)

  const held = (grant: Grant, answer: OAuthTokens, previous?: HeldTokens): HeldTokens => {
    const now = clock()
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? previous?.refreshToken,
      expiresAt: answer.expires_in === undefined ? undefined : now + answer.expires_in * 1000,
      obtainedAt: now,
      scope: answer.scope ?? previous?.scope,
      subject: subjectOf(answer.id_token) ?? previous?.subject,
    }
  }

  const refresher = (grant: Grant) => async (previous: HeldTokens) => {
    try {
      const answer = await refreshAuthorization(grant.authorizationServer, {
        metadata: grant.metadata,
        clientInformation: grant.client,
        refreshToken: previous.refreshToken ?? '',
        resource: grant.resource,
        fetchFn,
      })
      return held(grant, answer, previous)
    } catch (error) {
      throw stepError('refresh the access token', error, [previous.refreshToken ?? ''])
    }
  }

  // How each connection was made, for the session panel of a server connected from its URL chip.
  const connectedSteps = new Map<string, McpAuthStep[]>()
  const statusOf = (serverUrl: string): McpAuthStatus => {
    const entry = tokens.get(serverUrl)
    const steps = entry ? connectedSteps.get(serverUrl) : undefined
    return {
      url: serverUrl,
      connected: entry !== undefined,
      ...(entry?.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }),
      ...(entry?.subject === undefined ? {} : { subject: entry.subject }),
      ...(entry?.scope === undefined ? {} : { scope: entry.scope }),
      ...(steps ? { steps } : {}),
    }
  }

  async function register(metadata: AuthorizationServerMetadata, authorizationServer: string, redirectUri: string) {
    const key = `${authorizationServer}\u0000${redirectUri}`
    const known = registrations.get(key)
    if (known) return { client: known, fresh: false }
    if (metadata.registration_endpoint === undefined) {
      throw new WorkbenchError(
        'unsupported',
        `The authorization server ${authorizationServer} offers no dynamic client registration.`,
        { hint: 'Register Wirebench with it yourself and give the client id to Connect.' },
      )
    }
    try {
      const client = await registerClient(authorizationServer, {
        metadata,
        clientMetadata: {
          client_name: 'Wirebench',
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          // A public client: PKCE proves it, and no secret sits in the workbench.
          token_endpoint_auth_method: 'none',
        },
        fetchFn,
      })
      registrations.set(key, client)
      return { client, fresh: true }
    } catch (error) {
      throw stepError('register a client', error, [])
    }
  }

  return {
    async start(request) {
      checkRedirectUri(request.redirectUri)
      const serverUrl = canonicalServerUrl(checkAuthUrl(request.url, options.outbound, 'MCP server').href)
      const metadataUrl = checked(request.resourceMetadataUrl, 'protected-resource metadata URL')
      const found = await discoverAuthorization({ serverUrl, metadataUrl, fetchFn, outbound: options.outbound })
      const { resource, authorizationServer, metadata, steps } = found
      let client: OAuthClientInformationMixed
      if (request.clientId !== undefined && request.clientId !== '') {
        client = { client_id: request.clientId }
        steps.push({ step: 'client', detail: `Client id ${request.clientId} (given)` })
      } else {
        const registered = await register(metadata, authorizationServer, request.redirectUri)
        client = registered.client
        steps.push({
          step: 'client',
          detail: `${registered.fresh ? 'Registered' : 'Reusing registered'} client ${client.client_id}`,
        })
      }
      const scope = request.scope ?? found.scopesSupported?.join(' ')
      const state = crypto.randomUUID()
      const started = await startAuthorization(authorizationServer, {
        metadata,
        clientInformation: client,
        redirectUrl: request.redirectUri,
        state,
        resource,
        ...(scope ? { scope } : {}),
      }).catch((error: unknown) => {
        throw stepError('build the authorization request', error, [])
      })
      for (const [key, entry] of pending) if (clock() - entry.createdAt > pendingTtlMs) pending.delete(key)
      while (pending.size >= maxPending) pending.delete(pending.keys().next().value ?? '')
      pending.set(state, {
        serverUrl,
        resource,
        authorizationServer,
        metadata,
        client,
        codeVerifier: started.codeVerifier,
        redirectUri: request.redirectUri,
        createdAt: clock(),
        steps,
      })
      return { authorizationUrl: started.authorizationUrl.href, state, steps }
    },

    async complete(state, code, _signal, iss) {
      const entry = pending.get(state)
      pending.delete(state)
      if (!entry || clock() - entry.createdAt > pendingTtlMs) {
        throw new WorkbenchError('forbidden', 'The authorization answer matches no pending Connect (state mismatch).', {
          hint: 'Click Connect again; a sign-in older than 10 minutes or from another window is refused.',
        })
      }
      checkCallbackIssuer(entry.metadata, iss)
      let answer: OAuthTokens
      try {
        answer = await exchangeAuthorization(entry.authorizationServer, {
          metadata: entry.metadata,
          clientInformation: entry.client,
          authorizationCode: code,
          codeVerifier: entry.codeVerifier,
          redirectUri: entry.redirectUri,
          resource: entry.resource,
          fetchFn,
        })
      } catch (error) {
        throw stepError('exchange the authorization code', error, [code, entry.codeVerifier])
      }
      tokens.set(entry.serverUrl, held(entry, answer), refresher(entry))
      const steps: McpAuthStep[] = [
        ...entry.steps,
        { step: 'authorized', detail: 'The authorization server returned a code' },
      ]
      const lifetime = answer.expires_in === undefined ? 'no stated lifetime' : `expires in ${answer.expires_in} s`
      steps.push({ step: 'token', detail: `Access token received (${lifetime})` })
      connectedSteps.set(entry.serverUrl, steps)
      return statusOf(entry.serverUrl)
    },

    status: (url) => Promise.resolve(statusOf(canonicalServerUrl(url))),

    disconnect(url) {
      const serverUrl = canonicalServerUrl(url)
      tokens.forget(serverUrl)
      connectedSteps.delete(serverUrl)
      for (const [key, entry] of pending) if (entry.serverUrl === serverUrl) pending.delete(key)
      return Promise.resolve(statusOf(serverUrl))
    },

    accessToken: (url, signal) => tokens.current(canonicalServerUrl(url), signal),
    refreshAfterRejection: (url, rejected, signal) => tokens.afterRejection(canonicalServerUrl(url), rejected, signal),
    forgetRefused(url, rejected) {
      const serverUrl = canonicalServerUrl(url)
      if (tokens.get(serverUrl)?.accessToken === rejected) {
        tokens.forget(serverUrl)
        connectedSteps.delete(serverUrl)
      }
      return Promise.resolve()
    },

    async close() {
      tokens.clear()
      connectedSteps.clear()
      pending.clear()
      await options.dispatchers.close()
    },
  }
}
