/**
 * The page's auth runtime: in-memory token caches, the token client over the proxy routes, the sign-in popup flow,
 * and `prepareOutgoingCall`, the one step every outgoing call (unary, live or discovery) takes right before it is sent.
 */
import {
  createAuthCaches,
  callTarget,
  prepareBoundCall,
  substituteAuthConfig,
  substitutionFor,
  trustMarkerFor,
  withTrust,
  type AuthCaches,
  type AuthConfig,
  type BoundCall,
  type Environment,
  type OAuth2AuthorizationCodeAuth,
  type TokenClient,
} from '@wirebench/auth'
import { WorkbenchError, problemType, substitute, type DiscoverRequest } from '@wirebench/core'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import { createTokenClient } from '../api/token-client.js'
import { waitForAuthorization } from '../features/auth/oauth-popup.js'
import { createCredentialBinding, type HostStandingOf } from './auth-binding.js'
import { createHostQuestions, type HostQuestions } from './auth-hosts.js'
import { createMemorySecretsStore, memorySecretLookup, type MemorySecretsStore } from './auth-memory-secrets.js'
import type { CallAddress, TargetResolver } from './auth-targets.js'
import { activeEnvironment, whenEnvironmentsSettled, type EnvironmentsStore } from './environments-store.js'
import { parseUrlSpec } from './url-spec.js'

export interface OutgoingCall {
  protocol: string
  /** The method the call addresses: the host it goes to decides whether the environment's credentials go along. */
  address?: CallAddress
  /** User metadata (headers) as written. */
  metadata?: Record<string, string>
  /** Messages as written; every string inside is substituted. */
  messages?: unknown[]
  serverUrl?: string
  signal?: AbortSignal
  /** The pane the call comes from: a saved request's tab may carry an auth of its own (see `requestAuth`). */
  draftKey?: string
}

export interface AuthSession {
  caches: AuthCaches
  tokenClient: TokenClient
  /** Memory-only field values (the mTLS passphrase), per environment; never saved or sent. */
  memorySecrets: MemorySecretsStore
  /** `http://localhost:<port>{prefix}/oauth-callback`: what the provider must have registered, verbatim. */
  redirectUri: string
  /** Questions about sending credentials to a host, and notices of calls sent without them. */
  hostQuestions: HostQuestions
  /**
   * Substitutes the active environment's variables into the call and applies its auth (user metadata wins), if the
   * host it goes to may receive them: a host never decided is asked about first (the call waits), a refused one gets
   * no auth and no secret variable, and a notice says so. Throws an ApiError whose problem says what failed (the
   * token request, with the proxy's message; or `cancelled` when the question was closed).
   */
  prepareOutgoingCall(call: OutgoingCall): Promise<BoundCall>
  /**
   * The metadata of a discovery request: the active environment's TLS trust marker (discovery reaches private-CA
   * servers too) and, to a host its credentials may go to, its auth. Waits for the environments to load first, so a
   * discovery at page start uses them.
   */
  prepareDiscovery(request: DiscoverRequest, signal?: AbortSignal): Promise<Record<string, string>>
  /**
   * A discovery URL as it is fetched: system variables, the active environment's plain (non-secret) variables, then
   * the workspace's, substituted (a `${base}` in a workspace's URL list). Secrets never go into a URL whose host is
   * not known before substitution; an unknown name stays as written and the discovery says what failed.
   */
  discoveryUrl(url: string): string
  /** The variables a channel frame to this address may use (secret ones only when its host is approved). */
  frameVariables(address: CallAddress, serverUrl?: string): Record<string, string> | undefined
  /**
   * Which of the variables a frame left unresolved were withheld from this address's host (the environment defines
   * them); they are added to the page notice. The rest are unknown.
   */
  frameWithheld(address: CallAddress, serverUrl: string | undefined, unresolved: readonly string[]): string[]
  /** Where the host of a call to this address stands for the environment's credentials (read when rendering). */
  hostStandingOf(environment: Environment, address: CallAddress, serverUrl?: string): HostStandingOf
  /** Runs the authorization-code sign-in in a popup for one environment. */
  authorize(environment: Environment, signal?: AbortSignal): Promise<void>
  signOut(environmentId: string): void
  dispose(): void
}

/** SPEC.md: the redirect URI names `localhost` and the page's port, under the mount prefix. */
export function redirectUriFor(location: Pick<Location, 'port' | 'protocol'>, prefix: string): string {
  const port = location.port ? `:${location.port}` : ''
  return `${location.protocol === 'https:' ? 'https' : 'http'}://localhost${port}${prefix}/oauth-callback`
}

/** A failure before the call left the browser, shaped like the server's problems so the response pane shows it. */
export function authProblem(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  const failure = WorkbenchError.from(error)
  // A wrapped failure (e.g. "refreshing failed") keeps its reason (the proxy's message) in the cause.
  const cause =
    failure.cause instanceof Error && !failure.message.includes(failure.cause.message) ? failure.cause : null
  return new ApiError({
    type: problemType(failure.code),
    title: 'The auth step failed before the call was sent',
    status: 0,
    code: failure.code,
    detail: cause ? `${failure.message} ${cause.message}` : failure.message,
    hint: failure.hint ?? 'Check the auth settings of the active environment (Environments button in the top bar).',
  })
}

export interface AuthSessionOptions {
  api: ApiClient
  environments: EnvironmentsStore
  prefix: string
  location?: Pick<Location, 'port' | 'protocol'>
  /** Where a call to a discovered or uploaded method goes (see auth-targets); without it only server URLs count. */
  resolveTarget?: TargetResolver
  /** URLs the workbench was started on (locked and demo URLs): exactly their origins are pre-approved. */
  preApprovedUrls?: readonly string[]
  /** The active workspace's variables: the lowest-precedence scope (system, then environment, then workspace). */
  workspaceVars?: () => Readonly<Record<string, string>>
  /**
   * The auth a pane's call takes instead of the environment's (a saved request's or its folder's), or `undefined` to
   * keep the environment's. The environment's variables, trust and host decisions still apply.
   */
  requestAuth?: (draftKey: string) => AuthConfig | undefined
  /** Request chaining: the resolver of `${response.…}` and saved requests' responses for a call from this tab. */
  chainResolver?: (draftKey: string | undefined) => (name: string) => string | undefined
}

/**
 * The environment a call is prepared with: its auth replaced by the request's. Without an active environment a
 * request's own scheme still applies (its `${var}` references resolve from the workspace variables), under a stand-in
 * that no host has approved, so the credential binding decides as for any undecided host.
 */
function withRequestAuth(environment: Environment | null, auth: AuthConfig | undefined): Environment | null {
  if (!auth) return environment
  if (environment) return { ...environment, auth }
  return auth.type === 'none' ? null : { id: '', name: 'No environment', vars: {}, auth }
}

/**
 * A target URL as written with the workspace's variables the environment does not define resolved: they are plain
 * values that may be committed, and the host decision must see the host a `${base}` of the workspace names (the
 * environment's own variables are resolved by the decision itself, without its secrets).
 */
function withWorkspaceAddress(
  url: string | undefined,
  environment: Environment | null,
  workspaceVars: Readonly<Record<string, string>> | undefined,
): string | undefined {
  if (url === undefined || !url.includes('${') || !workspaceVars) return url
  return substitute(url, { scopes: [workspaceScope(environment, workspaceVars)] }).value
}

/**
 * The workspace's variables the environment does not define: below the environment's, and never standing in for an
 * environment value that was withheld from a host (that name stays unresolved, as without a workspace).
 */
function workspaceScope(
  environment: Environment | null,
  workspaceVars: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  if (!workspaceVars) return {}
  const own = environment?.vars ?? {}
  return Object.fromEntries(Object.entries(workspaceVars).filter(([name]) => !Object.hasOwn(own, name)))
}

function substitutedAc(environment: Environment, config: OAuth2AuthorizationCodeAuth): OAuth2AuthorizationCodeAuth {
  return substituteAuthConfig(config, substitutionFor(environment)).value
}

export function createAuthSession(options: AuthSessionOptions): AuthSession {
  const { environments } = options
  const tokenClient = createTokenClient(options.api)
  const caches = createAuthCaches({ tokenClient })
  const memorySecrets = createMemorySecretsStore()
  const lookup = memorySecretLookup(memorySecrets)
  const redirectUri = redirectUriFor(options.location ?? window.location, options.prefix)
  const hostQuestions = createHostQuestions(environments)
  const binding = createCredentialBinding({
    questions: hostQuestions,
    preApprovedUrls: options.preApprovedUrls ?? [],
  })
  const resolveTarget: TargetResolver = options.resolveTarget ?? ((_address, serverUrl) => serverUrl)

  // Switching environment swaps credentials: cached client-credentials and custom tokens of the previous one go.
  // Authorization-code sessions are per environment already, and edits of their fields wipe them.
  let lastActive = environments.getState().document.activeEnvironmentId
  let lastEnvironments = environments.getState().document.environments
  const unsubscribe = environments.subscribe((state) => {
    const { activeEnvironmentId, environments: list } = state.document
    if (activeEnvironmentId !== lastActive) {
      lastActive = activeEnvironmentId
      caches.clientCredentials.clear()
      caches.customToken.clear()
    }
    if (list === lastEnvironments) return
    for (const previous of lastEnvironments) {
      const current = list.find((env) => env.id === previous.id)
      if (!current) memorySecrets.getState().forget(previous.id)
      if (!current || current.auth.type !== 'oauth2_ac') caches.authorizationCode.signOut(previous.id)
      else if (current.auth !== previous.auth || current.vars !== previous.vars) {
        caches.authorizationCode.syncConfig(current.id, substitutedAc(current, current.auth))
      }
    }
    lastEnvironments = list
  })

  return {
    caches,
    tokenClient,
    memorySecrets,
    redirectUri,
    hostQuestions,
    async prepareOutgoingCall(call) {
      await whenEnvironmentsSettled(environments, call.signal)
      const environment = withRequestAuth(
        activeEnvironment(environments.getState()),
        call.draftKey === undefined ? undefined : options.requestAuth?.(call.draftKey),
      )
      const workspaceVars = options.workspaceVars?.()
      try {
        const prepared = await prepareBoundCall({
          protocol: call.protocol,
          environment,
          caches,
          tokenClient,
          memorySecrets: lookup,
          targetUrl: withWorkspaceAddress(
            call.address ? resolveTarget(call.address, call.serverUrl) : call.serverUrl,
            environment,
            workspaceVars,
          ),
          ...binding.optionsFor(environment),
          // A workspace value never fills a name the environment defines: that one may be a secret withheld here.
          ...(workspaceVars ? { scopes: [workspaceScope(environment, workspaceVars)] } : {}),
          ...(options.chainResolver ? { resolve: options.chainResolver(call.draftKey) } : {}),
          ...(call.metadata ? { metadata: call.metadata } : {}),
          ...(call.messages ? { messages: call.messages } : {}),
          ...(call.serverUrl ? { serverUrl: call.serverUrl } : {}),
          ...(call.signal ? { signal: call.signal } : {}),
        })
        binding.report(environment, prepared)
        return prepared
      } catch (error) {
        if (call.signal?.aborted) throw error
        throw authProblem(error)
      }
    },
    async prepareDiscovery(request, signal) {
      await whenEnvironmentsSettled(environments, signal)
      const environment = activeEnvironment(environments.getState())
      const workspaceVars = options.workspaceVars?.()
      const addresses = request.urls.map((url) => parseUrlSpec(url).address)
      // Several hosts in one request cannot share credentials: only the trust settings go.
      const oneHost = new Set(addresses.map((address) => callTarget(address)?.key)).size === 1
      try {
        const prepared = await prepareBoundCall({
          protocol: 'discovery',
          environment,
          caches,
          tokenClient,
          memorySecrets: lookup,
          targetUrl: oneHost ? addresses[0] : undefined,
          ...binding.optionsFor(environment),
          ...(workspaceVars ? { scopes: [workspaceScope(environment, workspaceVars)] } : {}),
          ...(signal ? { signal } : {}),
        })
        // A discovery of one host that went without the credentials says so, as a call would.
        if (oneHost) binding.report(environment, prepared)
        return prepared.metadata
      } catch (error) {
        if (signal?.aborted || WorkbenchError.is(error, 'cancelled')) throw authProblem(error)
        // An auth step that cannot run yet (an authorization code not signed in) must not stop discovery.
        try {
          return trustMarkerFor(environment?.trust, substitutionFor(environment)).markers
        } catch (trustError) {
          throw authProblem(trustError)
        }
      }
    },
    discoveryUrl(url) {
      if (!url.includes('${')) return url
      const environment = activeEnvironment(environments.getState())
      // No target host yet: the binding gives the environment's variables without its secrets.
      const plain = binding.variablesFor(environment, undefined) ?? {}
      return substitute(url, { scopes: [plain, workspaceScope(environment, options.workspaceVars?.())] }).value
    },
    frameVariables(address, serverUrl) {
      const environment = activeEnvironment(environments.getState())
      const own = binding.variablesFor(environment, resolveTarget(address, serverUrl))
      const workspace = workspaceScope(environment, options.workspaceVars?.())
      if (!own && Object.keys(workspace).length === 0) return undefined
      return { ...workspace, ...own }
    },
    hostStandingOf: (environment, address, serverUrl) =>
      binding.standingOf(environment, resolveTarget(address, serverUrl)),
    frameWithheld: (address, serverUrl, unresolved) =>
      unresolved.length === 0
        ? []
        : binding.reportFrame(
            activeEnvironment(environments.getState()),
            resolveTarget(address, serverUrl),
            unresolved,
          ),
    async authorize(environment, signal) {
      if (environment.auth.type !== 'oauth2_ac') return
      // The code goes to the token endpoint with the environment's TLS trust, as its calls go to their servers (read
      // before the popup opens: a CA that is not a certificate fails now, not after the sign-in).
      const { trust } = trustMarkerFor(environment.trust, substitutionFor(environment))
      const request = await caches.authorizationCode.startAuthorization({
        environmentId: environment.id,
        config: substitutedAc(environment, environment.auth),
        redirectUri,
      })
      const answer = await waitForAuthorization({
        url: request.url,
        state: request.state,
        ...(signal ? { signal } : {}),
      })
      await caches.authorizationCode.completeAuthorization({
        ...answer,
        tokenClient: withTrust(tokenClient, trust),
        ...(signal ? { signal } : {}),
      })
    },
    signOut: (environmentId) => caches.authorizationCode.signOut(environmentId),
    dispose: unsubscribe,
  }
}
