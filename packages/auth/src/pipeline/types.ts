/** The signature of the one call-preparation pipeline every protocol goes through (UI and CLI alike). */
import type { SubstitutionOptions } from '@wirebench/core'
import type { Environment } from '../environment.js'
import type { TokenClient } from '../proxy/token-client.js'
import type { AuthProtocol, MemorySecretLookup } from '../scheme/types.js'
import type { AuthCaches } from '../tokens/caches.js'

export interface PrepareCallOptions {
  protocol: AuthProtocol
  /** The active environment: its `vars` feed substitution and its `auth` runs. Null means no environment. */
  environment: Environment | null
  /** User metadata (headers) as written; substituted, then merged over the auth output (user wins). */
  metadata?: Record<string, string>
  /** Request messages as written (one JSON value per message); every string inside is substituted. */
  messages?: unknown[]
  serverUrl?: string
  tokenClient?: TokenClient
  caches: AuthCaches
  signal?: AbortSignal
  /**
   * Values of memory-only auth fields the caller keeps and never saves (the mTLS passphrase), looked up by the
   * environment's id and the field key. Used verbatim, not substituted.
   */
  memorySecrets?: MemorySecretLookup
  /** Lower-precedence variable scopes after the environment's `vars` (workspace variables). */
  scopes?: ReadonlyArray<Readonly<Record<string, string>>>
  /** Resolver consulted after every scope (request chaining `${response.path}`). */
  resolve?: SubstitutionOptions['resolve']
  /** Clock and random overrides for system variables (tests, previews). */
  system?: SubstitutionOptions['system']
  /**
   * `withhold` when the call goes to a host the environment's credentials are not bound to: no auth runs (no headers,
   * no mTLS, SigV4, API-key or cookie markers) and the secret variables stay as written (`${name}`, listed in
   * `withheld`), in the server URL too. The trust settings are still resolved with every variable. Default `send`.
   */
  credentials?: 'send' | 'withhold'
  /** With `withhold`: the variables that hold secrets; by default all of the environment's (auth references always). */
  secretVariables?: readonly string[]
}

export interface PreparedCall {
  /** User metadata merged over auth headers and markers, ready for `/api/invoke`'s `metadata`. */
  metadata: Record<string, string>
  messages: unknown[]
  serverUrl: string
  /** Variable names referenced anywhere (metadata, messages, URL, auth fields) and defined nowhere. */
  unresolved: string[]
  /** Secret variables left as written because the credentials were withheld (only with `credentials: 'withhold'`). */
  withheld: string[]
}
