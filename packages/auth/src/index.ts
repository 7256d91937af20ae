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
  HostBinding,
  JwtAlgorithm,
  JwtAuth,
  MtlsAuth,
  NoAuth,
  OAuth2AuthorizationCodeAuth,
  OAuth2ClientCredentialsAuth,
  SigV4Auth,
  TrustSettings,
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
  MemorySecretLookup,
} from './scheme/types.js'
export { AUTH_PROXY_ROUTES } from './proxy/requests.js'
export type {
  CustomTokenMethod,
  CustomTokenRequest,
  OAuthCodeExchangeRequest,
  OAuthRefreshRequest,
  OAuthTokenRequest,
  OAuthTokenResponse,
  TokenRequestTrust,
} from './proxy/requests.js'
export type { TokenClient } from './proxy/token-client.js'
export { withTrust } from './proxy/trusted-token-client.js'
export type { PrepareCallOptions, PreparedCall } from './pipeline/types.js'
export { createAuthCaches } from './tokens/caches.js'
export type { AuthCaches, AuthCachesOptions } from './tokens/caches.js'
export { TOKEN_REFRESH_MARGIN_MS, createTokenCache, refreshMarginFor } from './tokens/token-cache.js'
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
export { OAUTH_CALLBACK_MESSAGE_TYPE, readOAuthCallbackMessage } from './oauth/callback-message.js'
export type { OAuthCallbackEvent, OAuthCallbackResult } from './oauth/callback-message.js'
export { codeChallengeS256, createCodeVerifier, createState } from './oauth/pkce.js'
export {
  authSchemes,
  authTypes,
  defaultAuthConfig,
  isAuthType,
  memoryOnlyFieldsOf,
  persistCookiesField,
  schemeFor,
  secretFieldsOf,
  stripMemoryOnlyAuth,
} from './scheme/registry.js'
export { prepareCall, substituteFrame } from './pipeline/prepare-call.js'
export { authExportVariables, authHeaderNames } from './pipeline/export-references.js'
export { substituteAuthConfig, substitutionFor } from './pipeline/substitute-auth.js'
export type { VariableOptions } from './pipeline/substitute-auth.js'
export { fetchTokenPreview } from './tokens/preview.js'
export type { FetchTokenPreviewOptions, TokenPreview } from './tokens/preview.js'
export { clientCredentialsToken, fetchClientCredentialsToken } from './tokens/client-credentials.js'
export {
  CUSTOM_TOKEN_DEFAULT_TTL_SECONDS,
  customToken,
  customTokenRequest,
  fetchCustomToken,
} from './tokens/custom-token.js'
export { parseTokenResponse } from './tokens/token-response.js'
export type { ParsedTokenResponse } from './tokens/token-response.js'
export { previewJwt } from './jwt/preview.js'
export type { JwtPreview, PreviewJwtOptions } from './jwt/preview.js'
export { ECDSA_SIGNATURE_BYTES, checkEcdsaSignatureWidth, jwtAlgorithms, jwtSigningInput, signJwt } from './jwt/sign.js'
export type { JwtTemplates, SignedJwt } from './jwt/sign.js'
export { TO_PKCS8_COMMAND } from './jwt/keys.js'
export { DEFAULT_JWT_HEADER, DEFAULT_JWT_PAYLOAD } from './schemes/jwt.js'
export { basicCredentials } from './schemes/basic.js'
export { MTLS_PASSPHRASE_FIELD, usablePrivateKey } from './schemes/mtls.js'
export { TO_ENCRYPTED_PKCS8_COMMAND, decryptPkcs8Pem } from './pem/encrypted-pkcs8.js'
export { locateJsonError, parseJsonTemplate } from './templating/json-template.js'
export type { JsonSyntaxError } from './templating/json-template.js'
export { parseEnvironmentsDocument } from './document/parse.js'
export type { DocumentIssue } from './document/document-issue.js'
export type { ParseEnvironmentsResult } from './document/parse.js'
export type { EnvironmentsIssue, EnvironmentsResponse, SaveEnvironmentsResponse } from './document/api.js'
export { DEFAULT_TRUST, emptyHosts, migrateEnvironmentsDocument } from './document/migrate.js'
export { callTarget, hostOf, isThisMachine, readHost } from './hosts/host-names.js'
export type { CallTarget, HostReading } from './hosts/host-names.js'
export {
  decideCredentials,
  hostStanding,
  hostsOf,
  secretReferences,
  secretVariableNames,
  readApprovableHost,
  targetHost,
  targetOf,
  withHostDecision,
  withoutSecretVariables,
} from './hosts/credential-decision.js'
export type { CallAsWritten, CredentialDecision, CredentialOptions, HostStanding } from './hosts/credential-decision.js'
export { prepareBoundCall } from './hosts/bound-call.js'
export type {
  BoundCall,
  BoundCallOptions,
  CredentialsOutcome,
  CredentialsReason,
  HostQuestion,
} from './hosts/bound-call.js'
export { trustMarkerFor } from './pipeline/trust-marker.js'
export type { TrustOutput } from './pipeline/trust-marker.js'
export type { MigrationResult } from './document/migrate.js'
export {
  REDACTED,
  newEnvironment,
  redactAuth,
  redactEnvironment,
  redactEnvironmentsDocument,
  redactVars,
  stripMemoryOnlyFields,
} from './document/environments.js'
