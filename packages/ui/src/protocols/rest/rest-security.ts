/**
 * What an operation's declared security asks for, and whether the active environment (or a header the user typed)
 * provides it: each scheme read against the environment's auth type — when its credentials may go to the call's
 * host at all —, each alternative satisfied when all of its schemes are.
 */
import type { AuthConfig } from '@wirebench/auth'
import type { SecurityAlternative, SecuritySchemeInfo } from '@wirebench/core'

export type Provision = 'yes' | 'maybe' | 'no'

export interface SchemeCheck {
  scheme: SecuritySchemeInfo
  /** `bearer (http)`, `api_key (API key in header X-API-Key)`. */
  label: string
  provision: Provision
}

export interface AlternativeCheck {
  schemes: SchemeCheck[]
  provision: Provision
}

export type SecurityView =
  | { kind: 'none-declared' }
  | { kind: 'no-auth' }
  | { kind: 'needs'; isOptional: boolean; alternatives: AlternativeCheck[] }

export function schemeLabel(scheme: SecuritySchemeInfo): string {
  switch (scheme.type) {
    case 'http':
      return `${scheme.scheme ?? scheme.name} (http)`
    case 'apiKey':
      return `${scheme.name} (API key in ${scheme.in ?? 'header'} ${scheme.paramName ?? ''})`.replace(' )', ')')
    case 'oauth2':
      return `${scheme.name} (OAuth 2.0${scheme.scopes?.length ? `, scopes ${scheme.scopes.join(' ')}` : ''})`
    case 'openIdConnect':
      return `${scheme.name} (OpenID Connect${scheme.scopes?.length ? `, scopes ${scheme.scopes.join(' ')}` : ''})`
    case 'mutualTLS':
      return `${scheme.name} (client certificate, mutual TLS)`
  }
}

/** What the environment's auth sends, in a few words. */
export function authSends(auth: AuthConfig | undefined): string {
  switch (auth?.type) {
    case undefined:
    case 'none':
      return 'no auth'
    case 'bearer':
      return 'Bearer'
    case 'basic':
      return 'Basic'
    case 'apikey':
      return `the API key ${auth.key} in the ${auth.location}`
    case 'jwt':
      return 'a JWT as Bearer'
    case 'oauth2_cc':
      return 'an OAuth 2.0 token (client credentials)'
    case 'oauth2_ac':
      return 'an OAuth 2.0 token (authorization code)'
    case 'custom_token':
      return 'a token from its token endpoint'
    case 'aws_sigv4':
      return 'a SigV4 signature'
    case 'mtls':
      return 'a client certificate'
  }
}

/** Where the call's host stands for the environment's credentials (see the Hosts tab). */
export type HostReach = 'approved' | 'pre-approved' | 'undecided' | 'refused' | 'no-host'

/**
 * The auth that reaches the operation: the environment's, unless its host is refused or the call names no host to
 * approve (then nothing of the environment goes with it). An undecided host is asked on Send, so it may.
 */
export function authReaching(auth: AuthConfig | undefined, reach: HostReach): AuthConfig | undefined {
  return reach === 'refused' || reach === 'no-host' ? undefined : auth
}

const bearerTypes = new Set<string>(['bearer', 'jwt', 'oauth2_cc', 'oauth2_ac'])

function isBearerLike(auth: AuthConfig): boolean {
  return bearerTypes.has(auth.type) || (auth.type === 'custom_token' && /^bearer\s/i.test(auth.tokenPrefix))
}

/** User headers (enabled, lower-case names) can provide a scheme by hand: `Authorization: Bearer …`, an API key. */
export function schemeProvision(
  scheme: SecuritySchemeInfo,
  auth: AuthConfig | undefined,
  headers: Readonly<Record<string, string>>,
): Provision {
  const authorization = headers['authorization']?.trim().toLowerCase() ?? ''
  switch (scheme.type) {
    case 'http': {
      const wanted = (scheme.scheme ?? '').toLowerCase()
      if (wanted && authorization.startsWith(`${wanted} `)) return 'yes'
      if (wanted === 'bearer') return auth && isBearerLike(auth) ? 'yes' : 'no'
      if (wanted === 'basic') return auth?.type === 'basic' ? 'yes' : 'no'
      return 'no'
    }
    case 'apiKey': {
      const name = scheme.paramName ?? ''
      const where = scheme.in ?? 'header'
      if (where === 'header' && name && headers[name.toLowerCase()] !== undefined) return 'yes'
      if (auth?.type !== 'apikey' || where === 'cookie') return 'no'
      const sameName = where === 'header' ? auth.key.toLowerCase() === name.toLowerCase() : auth.key === name
      return auth.location === where && sameName ? 'yes' : 'no'
    }
    case 'oauth2':
    case 'openIdConnect':
      if (auth?.type === 'oauth2_cc' || auth?.type === 'oauth2_ac') return 'yes'
      // A static token may well be one the provider issued.
      return (auth && isBearerLike(auth)) || authorization.startsWith('bearer ') ? 'maybe' : 'no'
    case 'mutualTLS':
      return auth?.type === 'mtls' ? 'yes' : 'no'
  }
}

const rank: Record<Provision, number> = { no: 0, maybe: 1, yes: 2 }

function weakest(values: readonly Provision[]): Provision {
  return values.reduce<Provision>((low, p) => (rank[p] < rank[low] ? p : low), 'yes')
}

export function securityView(
  security: readonly SecurityAlternative[] | undefined,
  auth: AuthConfig | undefined,
  headers: Readonly<Record<string, string>>,
): SecurityView {
  if (security === undefined) return { kind: 'none-declared' }
  if (security.length === 0) return { kind: 'no-auth' }
  const isOptional = security.some((alternative) => alternative.schemes.length === 0)
  const alternatives = security
    .filter((alternative) => alternative.schemes.length > 0)
    .map((alternative) => {
      const schemes = alternative.schemes.map((scheme) => ({
        scheme,
        label: schemeLabel(scheme),
        provision: schemeProvision(scheme, auth, headers),
      }))
      return { schemes, provision: weakest(schemes.map((s) => s.provision)) }
    })
  if (alternatives.length === 0) return { kind: 'no-auth' }
  return { kind: 'needs', isOptional, alternatives }
}

/** The best any alternative does (one satisfied alternative is enough). */
export function bestProvision(view: SecurityView): Provision {
  if (view.kind !== 'needs') return 'yes'
  if (view.isOptional) return 'yes'
  return view.alternatives.reduce<Provision>((best, a) => (rank[a.provision] > rank[best] ? a.provision : best), 'no')
}
