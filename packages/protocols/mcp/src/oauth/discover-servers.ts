/**
 * The discovery half of MCP authorization: the server's protected-resource metadata (RFC 9728) names its resource and
 * authorization server, whose metadata (RFC 8414, or OpenID discovery) names the endpoints. Servers of MCP 2025-03-26
 * publish no resource metadata: their origin is then the authorization server, and when that has no metadata either,
 * the spec's default endpoints (`/authorize`, `/token`, `/register`) apply. Every endpoint is checked before use.
 */
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/sdk/client/auth.js'
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { WorkbenchError } from '@wirebench/core'
import type { McpAuthStep, OutboundPolicy } from '@wirebench/core'
import { canonicalServerUrl } from './authorizer.js'
import { checkAuthUrl, displayEndpoint } from './guarded-fetch.js'
import { stepError } from './step-errors.js'

export interface DiscoveredAuthorization {
  resource: URL
  authorizationServer: string
  metadata: AuthorizationServerMetadata
  scopesSupported: string[] | undefined
  steps: McpAuthStep[]
}

interface DiscoverOptions {
  serverUrl: string
  metadataUrl: URL | undefined
  fetchFn: FetchLike
  outbound: OutboundPolicy
}

/**
 * Whether the resource a metadata document names covers the server: the same URL, or a parent path of it on whole
 * segments (`/m/prefix` covers `/m/prefix/mcp`; `/m/prefix/mc` does not).
 */
function coversServer(resource: URL, serverUrl: string): boolean {
  if (resource.origin !== new URL(serverUrl).origin) return false
  const base = canonicalServerUrl(resource.href)
  if (serverUrl === base) return true
  return serverUrl.startsWith(base.endsWith('/') ? base : `${base}/`)
}

const withoutTrailingSlash = (url: string): string => (url.endsWith('/') ? url.slice(0, -1) : url)

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin
  } catch {
    return false
  }
}

/** The resource and its authorization server, from the metadata or (MCP 2025-03-26) the server's origin. */
async function findResource({ serverUrl, metadataUrl, fetchFn, outbound }: DiscoverOptions) {
  let resourceMetadata
  try {
    resourceMetadata = await discoverOAuthProtectedResourceMetadata(
      serverUrl,
      metadataUrl ? { resourceMetadataUrl: metadataUrl } : {},
      fetchFn,
    )
  } catch (error) {
    // A server that named its metadata must serve it; one that named none may be of the 2025-03-26 spec.
    if (metadataUrl) throw stepError('read the protected-resource metadata', error, [])
    const origin = new URL(serverUrl).origin
    return {
      resource: new URL(serverUrl),
      authorizationServer: origin,
      scopesSupported: undefined,
      detail: `No protected-resource metadata: the server's origin ${origin} is its authorization server (MCP 2025-03-26)`,
    }
  }
  const resource = new URL(resourceMetadata.resource)
  // RFC 9728 §3.3: the metadata must be about the server it was fetched for, or it could send tokens elsewhere.
  if (!coversServer(resource, serverUrl)) {
    throw new WorkbenchError(
      'upstream_invalid',
      `The protected-resource metadata of ${serverUrl} names another resource (${displayEndpoint(resource)}).`,
      { hint: 'The server is misconfigured, or something is trying to collect tokens meant for it.' },
    )
  }
  const authorizationServer = resourceMetadata.authorization_servers?.[0]
  if (authorizationServer === undefined) {
    throw new WorkbenchError(
      'upstream_invalid',
      `The protected-resource metadata of ${serverUrl} names no authorization server.`,
    )
  }
  checkAuthUrl(authorizationServer, outbound, 'authorization server')
  return {
    resource,
    authorizationServer,
    scopesSupported: resourceMetadata.scopes_supported,
    detail: `Authorization server: ${authorizationServer}`,
  }
}

export async function discoverAuthorization(options: DiscoverOptions): Promise<DiscoveredAuthorization> {
  const { outbound, fetchFn } = options
  const found = await findResource(options)
  const steps: McpAuthStep[] = [{ step: 'resource-metadata', detail: found.detail }]
  let metadata: AuthorizationServerMetadata | undefined
  try {
    metadata = await discoverAuthorizationServerMetadata(found.authorizationServer, { fetchFn })
  } catch (error) {
    throw stepError('read the authorization server metadata', error, [])
  }
  const isLegacy = found.detail.startsWith('No protected-resource metadata')
  if (!metadata) {
    if (!isLegacy) {
      throw new WorkbenchError(
        'upstream_invalid',
        `${found.authorizationServer} publishes no OAuth authorization server metadata (RFC 8414) or OpenID configuration.`,
      )
    }
    // MCP 2025-03-26 §2.3.3: without metadata, the default endpoints at the server's origin.
    const at = (path: string) => new URL(path, found.authorizationServer).href
    metadata = {
      issuer: found.authorizationServer,
      authorization_endpoint: at('/authorize'),
      token_endpoint: at('/token'),
      registration_endpoint: at('/register'),
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    }
  }
  // RFC 8414 §3.3: the issuer must be the server the metadata was fetched for, or another server's endpoints are used.
  // A 2025-03-26 server named no authorization server (its origin was a guess): its metadata may name an issuer path
  // on that origin (`/oauth`), as the conformance suite's back-compat servers do, but never another origin.
  const issuerMatches = isLegacy
    ? sameOrigin(metadata.issuer, found.authorizationServer)
    : withoutTrailingSlash(metadata.issuer) === withoutTrailingSlash(found.authorizationServer)
  if (!issuerMatches) {
    throw new WorkbenchError(
      'upstream_invalid',
      `The authorization server metadata fetched from ${found.authorizationServer} names another issuer (${metadata.issuer}).`,
      { hint: 'The authorization server is misconfigured, or its metadata was replaced; Connect is refused.' },
    )
  }
  // Every endpoint the document names is checked now, before the registration or the popup uses one.
  checkAuthUrl(metadata.authorization_endpoint, outbound, 'authorization endpoint')
  checkAuthUrl(metadata.token_endpoint, outbound, 'token endpoint')
  if (metadata.registration_endpoint !== undefined) {
    checkAuthUrl(metadata.registration_endpoint, outbound, 'registration endpoint')
  }
  if (!(metadata.code_challenge_methods_supported ?? []).includes('S256')) {
    throw new WorkbenchError(
      'unsupported',
      `The authorization server ${found.authorizationServer} does not advertise PKCE S256, which MCP authorization requires.`,
    )
  }
  steps.push({
    step: 'server-metadata',
    detail: `Token endpoint: ${displayEndpoint(new URL(metadata.token_endpoint))}`,
  })
  return {
    resource: found.resource,
    authorizationServer: found.authorizationServer,
    metadata,
    scopesSupported: found.scopesSupported,
    steps,
  }
}
