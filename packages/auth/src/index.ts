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
