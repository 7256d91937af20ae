/** The declarative auth scheme contract: fields the UI renders generically, defaults, and `apply` producing headers and markers. */
import type { AuthCaches } from '../tokens/caches.js'
import type { TokenClient } from '../proxy/token-client.js'
import type { AuthConfig, AuthType } from '../environment.js'

/** How the UI renders a field: `secret` is masked, `pem` is a multiline PEM editor with file upload, `json` a JSON editor. */
export type AuthFieldKind = 'text' | 'secret' | 'multiline' | 'pem' | 'select' | 'boolean' | 'json'

export interface AuthFieldOption {
  value: string
  label: string
}

/** Values the UI knows and the config does not store (shown in read-only fields). */
export interface AuthFieldContext {
  /** The OAuth redirect URI of this workbench (`http://localhost:<port>{prefix}/oauth-callback`). */
  redirectUri?: string
}

export interface AuthField<C extends AuthConfig = AuthConfig> {
  /** The config key the field edits (a stable JSON key of DESIGN.md §6), or a derived key for a read-only field. */
  key: string
  label: string
  kind: AuthFieldKind
  /** A label that depends on the rest of the config (API key: "Header name" or "Query parameter name"). */
  labelFor?: (config: C) => string
  options?: readonly AuthFieldOption[]
  placeholder?: string
  help?: string
  /** Empty is allowed. */
  optional?: boolean
  /** Not editable; when the key is not a config key, `valueFor` supplies what is shown. */
  readOnly?: boolean
  valueFor?: (context: AuthFieldContext) => string
  /** Holds a secret: masked in the UI and redacted (`***`) in exports. */
  secret?: boolean
  /**
   * Not part of the stored config (the mTLS passphrase): the UI keeps the value in memory only, per environment,
   * never saves or sends it, and hands it to `prepareCall` through `memorySecrets` (see `MemorySecretLookup`).
   */
  memoryOnly?: boolean
  /** Hidden unless this returns true (e.g. fields of one API-key location). */
  visibleWhen?: (config: C) => boolean
}

/**
 * The caller's in-memory values of memory-only fields, by environment id and field key (e.g. `(id, 'passphrase')`).
 * Undefined or empty means not entered. Values are used verbatim: no `${var}` substitution.
 */
export type MemorySecretLookup = (environmentId: string, fieldKey: string) => string | undefined

/** Protocol ids the pipeline knows filters for; sidecar plugins bring others, which get the generic treatment. */
export type AuthProtocol = 'rest' | 'grpc' | 'graphql' | 'websocket' | 'sse' | 'signalr' | 'mcp' | (string & {})

export interface AuthApplyContext {
  protocol: AuthProtocol
  /** The id of the environment the config belongs to (cache keys, cookie jar). */
  environmentId: string
  /** Performs token requests through the server's proxy routes; required by oauth2_cc, oauth2_ac and custom_token. */
  tokenClient?: TokenClient
  caches: AuthCaches
  signal?: AbortSignal
  /** Values of memory-only fields the caller keeps (the mTLS passphrase); look up with `environmentId`. */
  memorySecrets?: MemorySecretLookup
}

/** What a scheme adds to a call. Markers are metadata keys holding JSON that the server strips before the wire. */
export interface AuthOutput {
  headers: Record<string, string>
  markers: Record<string, string>
}

export interface AuthScheme<C extends AuthConfig = AuthConfig> {
  type: C['type'] & AuthType
  label: string
  description: string
  fields: ReadonlyArray<AuthField<C>>
  /** Protocols the scheme applies to; absent means every protocol. Other protocols get no output. */
  protocols?: readonly AuthProtocol[]
  /** A new config of this type with every field at its default. */
  defaults(): C
  /**
   * Header names `apply` would set for this (substituted) config. When the user already set every one of them,
   * the pipeline skips `apply` entirely, so no token is fetched for a request that would not use it.
   */
  headerNames(config: C, protocol: AuthProtocol): string[]
  /** Produces the call's auth output from a config whose fields are already substituted. Throws WorkbenchError. */
  apply(config: C, ctx: AuthApplyContext): Promise<AuthOutput>
}
