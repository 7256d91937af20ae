/** @wirebench/auth: isomorphic auth helpers shared by the UI and the CLI (no Node built-ins). */
export { ENVIRONMENTS_VERSION } from './environment.js'
export type {
  ApiKeyAuth,
  AuthConfig,
  AuthType,
  BasicAuth,
  BearerAuth,
  CustomTokenAuth,
  Environment,
  EnvironmentsDocument,
  JwtAlgorithm,
  JwtAuth,
  MtlsAuth,
  NoAuth,
  OAuth2AuthorizationCodeAuth,
  OAuth2ClientCredentialsAuth,
  SigV4Auth,
} from './environment.js'
export type {
  AuthApplyContext,
  AuthField,
  AuthFieldContext,
  AuthFieldKind,
  AuthFieldOption,
  AuthOutput,
  AuthProtocol,
  AuthScheme,
} from './scheme/types.js'
export { AUTH_PROXY_ROUTES } from './proxy/requests.js'
export type {
  CustomTokenMethod,
  CustomTokenRequest,
  OAuthCodeExchangeRequest,
  OAuthRefreshRequest,
  OAuthTokenRequest,
  OAuthTokenResponse,
} from './proxy/requests.js'
export type { TokenClient } from './proxy/token-client.js'
export type { PrepareCallOptions, PreparedCall } from './pipeline/types.js'
export { createAuthCaches } from './tokens/caches.js'
export type { AuthCaches, AuthCachesOptions } from './tokens/caches.js'
export { TOKEN_REFRESH_MARGIN_MS, createTokenCache } from './tokens/token-cache.js'
export type { CachedToken, TokenCache, TokenCacheOptions, TokenCacheRequest } from './tokens/token-cache.js'
export { createAuthorizationCodeStore } from './oauth/authorization-code.js'
export type {
  AccessTokenOptions,
  AuthorizationCodeStore,
  AuthorizationCodeStoreOptions,
  AuthorizationListener,
  AuthorizationRequest,
  AuthorizationStatus,
  CompleteAuthorizationOptions,
  StartAuthorizationOptions,
} from './oauth/authorization-code.js'
