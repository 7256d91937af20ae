/**
 * Builds the `protocol: 'http'` SavedRequest every importer produces from one request as its source described it.
 * Credentials in headers become auth with `${var}` references (see secret-vars), headers the transport writes itself
 * are dropped, and what cannot be carried over is reported.
 */
import { WORKSPACE_FILE_VERSION } from '@wirebench/core'
import type { ImportReportItem, SavedAuth, SavedRequest } from '@wirebench/core'
import { isCredentialName, secretNameOf } from './credential-names.js'
import { hasReference } from './secret-vars.js'
import type { SecretVars } from './secret-vars.js'

/** The body as the plain HTTP plugin's message takes it (see `@wirebench/protocol-http`). */
export type ImportedBody =
  | string
  | { form: [string, string][] }
  | { multipart: ({ name: string; value: string } | { name: string; filename: string; contentType?: string })[] }

export interface SourceRequest {
  name: string
  /** Where in the source, for the report (`curl`, `Folder/Request`, `entry 3`). */
  source: string
  method: string
  /** The whole URL with its query, variables already in `${name}` form. */
  url: string
  /** In source order; a repeated name is joined with `, ` (cookies with `; `). */
  headers: [string, string][]
  body?: ImportedBody
  /** Auth the source states apart from the headers (Postman, Insomnia). */
  auth?: SavedAuth
  notes?: string
}

export interface ImportContext {
  secrets: SecretVars
  report: ImportReportItem[]
}

/**
 * Set by the transport from the connection and the body, or HTTP/2 pseudo-headers a HAR records. Accept-Encoding goes
 * too: the workbench reads answers uncompressed, and a copied `gzip, br` would show a compressed body as bytes.
 */
const droppedHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'accept-encoding'])

/** Header names whose values are credentials (besides Authorization, which maps to auth where it can). */
const credentialHeaders = new Map([
  ['cookie', 'cookie'],
  ['proxy-authorization', 'proxy_authorization'],
  ['x-api-key', 'api_key'],
  ['api-key', 'api_key'],
  ['apikey', 'api_key'],
  ['x-auth-token', 'auth_token'],
  ['x-access-token', 'access_token'],
  ['private-token', 'private_token'],
])

export function toSavedHttpRequest(source: SourceRequest, ctx: ImportContext): SavedRequest {
  const metadata: Record<string, string> = {}
  let auth = source.auth
  for (const [rawName, value] of source.headers) {
    const name = rawName.trim()
    const lower = name.toLowerCase()
    if (name.startsWith(':') || droppedHeaders.has(lower)) continue
    if (lower === 'authorization' && auth === undefined) {
      const mapped = authorizationAuth(value, ctx.secrets)
      if (mapped) {
        auth = mapped
        continue
      }
      metadata[name] = ctx.secrets.reference('authorization', value)
      continue
    }
    const secretName = credentialHeaders.get(lower) ?? (isCredentialName(name) ? secretNameOf(name) : undefined)
    const kept = secretName === undefined ? value : moveCredential(`header ${name}`, secretName, value, source, ctx)
    const prior = Object.keys(metadata).find((key) => key.toLowerCase() === lower)
    if (prior === undefined) metadata[name] = kept
    else metadata[prior] = `${metadata[prior]}${lower === 'cookie' ? '; ' : ', '}${kept}`
  }
  const message: Record<string, unknown> = { method: source.method.toUpperCase() }
  if (source.body !== undefined) message.body = source.body
  const request: SavedRequest = {
    version: WORKSPACE_FILE_VERSION,
    name: source.name,
    protocol: 'http',
    url: withQueryCredentialsMoved(source, ctx),
    service: 'HTTP',
    method: 'request',
    messages: [message],
  }
  if (Object.keys(metadata).length > 0) request.metadata = metadata
  if (auth !== undefined) request.auth = auth
  if (source.notes) request.notes = source.notes
  return request
}

/** A literal credential becomes a `${var}` reference, and the report says where its value went. */
function moveCredential(what: string, secretName: string, value: string, source: SourceRequest, ctx: ImportContext) {
  // A value built from references (`Bearer ${token}`) holds no secret of its own.
  if (hasReference(value)) return value
  const kept = ctx.secrets.reference(secretName, value)
  if (kept !== value) {
    ctx.report.push({
      source: source.source,
      message: `The credential in ${what} became ${kept}; its value goes to an environment, not the workspace.`,
    })
  }
  return kept
}

/**
 * The URL with the value of every credential-named query parameter (`access_token`, `api_key`, `sig`…) moved out.
 * The value is kept as it stands in the URL (percent-encoded), so the substituted URL is the one the source sent.
 */
function withQueryCredentialsMoved(source: SourceRequest, ctx: ImportContext): string {
  const start = source.url.indexOf('?')
  if (start < 0) return source.url
  const hash = source.url.indexOf('#', start)
  const end = hash < 0 ? source.url.length : hash
  const pairs = source.url.slice(start + 1, end).split('&')
  const moved = pairs.map((pair) => {
    const equals = pair.indexOf('=')
    if (equals < 0) return pair
    const name = pair.slice(0, equals)
    const value = pair.slice(equals + 1)
    let decoded = name
    try {
      decoded = decodeURIComponent(name.replaceAll('+', ' '))
    } catch {
      // A malformed escape: judge the name as it stands.
    }
    if (value === '' || !isCredentialName(decoded)) return pair
    return `${name}=${moveCredential(`query parameter ${decoded}`, secretNameOf(decoded), value, source, ctx)}`
  })
  return `${source.url.slice(0, start + 1)}${moved.join('&')}${source.url.slice(end)}`
}

/** `Bearer x` and `Basic base64` map to the auth schemes of the same names; anything else stays a header. */
function authorizationAuth(value: string, secrets: SecretVars): SavedAuth | undefined {
  const match = /^(\w+)\s+(.+)$/.exec(value.trim())
  if (!match) return undefined
  const scheme = match[1]!.toLowerCase()
  const credentials = match[2]!
  if (scheme === 'bearer') {
    return { mode: 'own', config: { type: 'bearer', token: secrets.reference('token', credentials) } }
  }
  if (scheme === 'basic' && !credentials.includes('${')) {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) return undefined
    return basicAuth(decoded.slice(0, colon), decoded.slice(colon + 1), secrets)
  }
  return undefined
}

/** Both halves are secret: APIs such as Stripe take the key as the user name (`-u sk_live_…:`). */
export function basicAuth(username: string, password: string, secrets: SecretVars): SavedAuth {
  return {
    mode: 'own',
    config: {
      type: 'basic',
      username: secrets.reference('username', username),
      password: password === '' ? '' : secrets.reference('password', password),
    },
  }
}
