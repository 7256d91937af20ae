/**
 * The one call-preparation pipeline (UI and CLI, every protocol): substitute `${var}` everywhere, run the active
 * environment's auth scheme, add its TLS trust marker, and merge headers and markers under the user's metadata (the
 * user wins).
 */
import { COOKIE_ENV_MARKER, getHeader, mergeHeaders, substitute, substituteDeep } from '@wirebench/core'
import type { AuthConfig } from '../environment.js'
import { schemeFor, stripMemoryOnlyAuth } from '../scheme/registry.js'
import type { AuthApplyContext, AuthOutput, AuthProtocol, AuthScheme } from '../scheme/types.js'
import { withoutSecretVariables } from '../hosts/credential-decision.js'
import { withTrust } from '../proxy/trusted-token-client.js'
import { substituteAuthConfig, substitutionFor } from './substitute-auth.js'
import { trustMarkerFor } from './trust-marker.js'
import type { PrepareCallOptions, PreparedCall } from './types.js'

// The server's cookie jar and SigV4 signer exist for REST only; other plugins refuse those markers.
const restOnly = (protocol: AuthProtocol) => protocol === 'rest'

function appliesTo(scheme: AuthScheme, protocol: AuthProtocol): boolean {
  return scheme.protocols === undefined || scheme.protocols.includes(protocol)
}

export async function prepareCall(options: PrepareCallOptions): Promise<PreparedCall> {
  const { environment, protocol } = options
  const withholding = environment !== null && options.credentials === 'withhold'
  // Every variable: the trust settings (public material) and, for a host that may have them, the credentials.
  const full = substitutionFor(environment, options)
  const substitution = withholding
    ? { ...full, scopes: substitutionFor(withoutSecretVariables(environment, options.secretVariables), options).scopes }
    : full
  const unresolved = new Set<string>()
  const note = (names: string[]) => names.forEach((name) => unresolved.add(name))

  const userMetadata = substituteDeep(options.metadata ?? {}, substitution)
  note(userMetadata.unknown)
  const messages = substituteDeep(options.messages ?? [], substitution)
  note(messages.unknown)
  // A refused host gets its URL with the secret variables left as written, like the rest of the call.
  const serverUrl = substitute(options.serverUrl ?? '', substitution)
  note(serverUrl.unknown)

  // Trust settings hold no secret and apply whatever the auth type, the protocol and the host — and to the token
  // endpoint the auth reaches through the proxy.
  const trust = trustMarkerFor(environment?.trust, full)
  note(trust.unknown)

  const output: AuthOutput = { headers: {}, markers: {} }
  const auth: AuthConfig | undefined = withholding ? undefined : environment?.auth
  if (environment && auth && auth.type !== 'none') {
    const scheme = schemeFor(auth.type) as unknown as AuthScheme
    if (appliesTo(scheme, protocol)) {
      // A memory-only value left in the config (a document from before the field became memory-only) is ignored.
      const resolved = substituteAuthConfig(stripMemoryOnlyAuth(auth), full)
      note(resolved.unknown)
      const names = scheme.headerNames(resolved.value, protocol)
      // SPEC.md: when the user set the header (e.g. Authorization) by hand the helper leaves it alone — so no token is fetched.
      const userSetAll = names.length > 0 && names.every((name) => getHeader(userMetadata.value, name) !== undefined)
      if (!userSetAll) {
        const ctx: AuthApplyContext = { protocol, environmentId: environment.id, caches: options.caches }
        if (options.tokenClient) ctx.tokenClient = withTrust(options.tokenClient, trust.trust)
        if (options.signal) ctx.signal = options.signal
        if (options.memorySecrets) ctx.memorySecrets = options.memorySecrets
        const applied = await scheme.apply(resolved.value, ctx)
        Object.assign(output.headers, applied.headers)
        Object.assign(output.markers, applied.markers)
      }
    }
  }
  if (environment && auth?.persistCookies === true && restOnly(protocol)) {
    output.markers[COOKIE_ENV_MARKER] = environment.id
  }
  Object.assign(output.markers, trust.markers)

  // A withheld secret is not unknown: it is defined and deliberately left as written.
  const withheld = withholding ? [...unresolved].filter((name) => Object.hasOwn(environment.vars, name)) : []
  for (const name of withheld) unresolved.delete(name)
  return {
    metadata: mergeHeaders(userMetadata.value, { ...output.headers, ...output.markers }),
    messages: messages.value,
    serverUrl: serverUrl.value,
    unresolved: [...unresolved],
    withheld,
  }
}

/**
 * Substitutes one channel frame as it is sent (DESIGN.md §6: channel frames are substituted per frame). With
 * `credentials: 'withhold'` (the channel's host is not approved) the secret variables stay as written.
 */
export function substituteFrame<T>(
  frame: T,
  options: Pick<
    PrepareCallOptions,
    'environment' | 'scopes' | 'resolve' | 'system' | 'credentials' | 'secretVariables'
  >,
): { value: T; unresolved: string[]; withheld: string[] } {
  const { environment } = options
  const withholding = environment !== null && options.credentials === 'withhold'
  const exposed = withholding ? withoutSecretVariables(environment, options.secretVariables) : environment
  const { value, unknown } = substituteDeep(frame, substitutionFor(exposed, options))
  const withheld = withholding ? unknown.filter((name) => Object.hasOwn(environment.vars, name)) : []
  return { value, unresolved: unknown.filter((name) => !withheld.includes(name)), withheld }
}
