/**
 * The environment document (`{config_dir}/environments.json`, DESIGN.md §6–7): the JSON keys are stable and
 * documented, so they are spelled out here once for the server (validation, storage), the UI and the CLI.
 */

export const ENVIRONMENTS_VERSION = 2

export interface BearerAuth {
  type: 'bearer'
  token: string
}
export interface BasicAuth {
  type: 'basic'
  username: string
  password: string
}
export interface ApiKeyAuth {
  type: 'apikey'
  key: string
  value: string
  location: 'header' | 'query'
}
export type JwtAlgorithm = 'HS256' | 'HS384' | 'HS512' | 'RS256' | 'RS384' | 'RS512' | 'ES256' | 'ES384' | 'ES512'
export interface JwtAuth {
  type: 'jwt'
  algorithm: JwtAlgorithm
  /** JSON template, substituted before parsing; `alg` and `typ` are filled in when missing. */
  header: string
  /** JSON template of claims, substituted before parsing. */
  payload: string
  /** HMAC text secret, or a PEM PKCS#8 private key. */
  secret: string
}
export interface OAuth2ClientCredentialsAuth {
  type: 'oauth2_cc'
  tokenUrl: string
  clientId: string
  clientSecret: string
  scope: string
  audience: string
}
export interface OAuth2AuthorizationCodeAuth {
  type: 'oauth2_ac'
  authorizationUrl: string
  tokenUrl: string
  clientId: string
  /** Empty for public clients: PKCE is then the only proof. PKCE (S256) is always sent. */
  clientSecret: string
  scope: string
}
export interface CustomTokenAuth {
  type: 'custom_token'
  tokenUrl: string
  tokenMethod: 'GET' | 'POST' | 'PUT'
  tokenContentType: string
  tokenBody: string
  /** JSON object of extra headers for the token request (text, substituted before parsing). */
  tokenHeaders: string
  /** Dotted path into the response JSON; numeric segments index arrays. */
  tokenJsonPath: string
  /** Dotted path to a TTL in seconds; empty means one hour. */
  expiresInJsonPath: string
  /** Default `Bearer `; may be empty. */
  tokenPrefix: string
}
export interface SigV4Auth {
  type: 'aws_sigv4'
  accessKey: string
  secretKey: string
  region: string
  service: string
  sessionToken: string
}
/**
 * The passphrase of an encrypted key is deliberately absent: it is never stored or sent to the server (SPEC.md
 * "mTLS"). The UI keeps it in memory and passes it to `prepareCall` as `memorySecrets`; the parser drops a stored one.
 */
export interface MtlsAuth {
  type: 'mtls'
  certificate: string
  /** Plain PEM, or encrypted PKCS#8 decrypted in the browser with the in-memory passphrase. */
  privateKey: string
  caCertificate: string
  allowSelfSigned: boolean
}
export interface NoAuth {
  type: 'none'
}

export type AuthConfig = (
  | NoAuth
  | BearerAuth
  | BasicAuth
  | ApiKeyAuth
  | JwtAuth
  | OAuth2ClientCredentialsAuth
  | OAuth2AuthorizationCodeAuth
  | CustomTokenAuth
  | SigV4Auth
  | MtlsAuth
) & {
  /** Any type may route REST calls through the environment's in-memory cookie jar. */
  persistCookies?: boolean
}

export type AuthType = AuthConfig['type']

/**
 * How the servers of an environment are trusted at TLS, whatever its auth (bearer to a private-CA server needs no
 * client certificate). Both fields accept `${var}`. With an mTLS auth as well, the two combine: see `callTls` in
 * `@wirebench/transport` (the mTLS CA pins the chain; this CA is added to the system's roots; either "allow
 * self-signed" turns checks off).
 */
export interface TrustSettings {
  /** PEM certificate(s) trusted in addition to the system's roots; empty for none. */
  caCertificate: string
  /** Accept any server certificate (development servers only). */
  allowSelfSigned: boolean
}

/**
 * The hosts an environment's credentials (its auth and its secret variables) may go to, by host name (ports are not
 * told apart, as with cookies). A call to a host in neither list asks once and the answer lands here; a refused host
 * gets its calls without them.
 */
export interface HostBinding {
  approved: string[]
  refused: string[]
}

export interface Environment {
  id: string
  name: string
  vars: Record<string, string>
  auth: AuthConfig
  /** Absent means the defaults (system roots only, checks on); the parser always fills it in. */
  trust?: TrustSettings
  /** Absent means no host decided yet; the parser always fills it in. */
  hosts?: HostBinding
}

export interface EnvironmentsDocument {
  version: typeof ENVIRONMENTS_VERSION
  environments: Environment[]
  activeEnvironmentId: string | null
}
