/** The transport of token requests, injected so the UI posts to the server's proxy routes and the CLI uses its own. */
import type {
  CustomTokenRequest,
  OAuthCodeExchangeRequest,
  OAuthRefreshRequest,
  OAuthTokenRequest,
} from './requests.js'

/** Each method resolves to the token endpoint's JSON body, or throws a WorkbenchError. */
export interface TokenClient {
  oauthToken(body: OAuthTokenRequest, signal?: AbortSignal): Promise<unknown>
  codeExchange(body: OAuthCodeExchangeRequest, signal?: AbortSignal): Promise<unknown>
  refresh(body: OAuthRefreshRequest, signal?: AbortSignal): Promise<unknown>
  customToken(body: CustomTokenRequest, signal?: AbortSignal): Promise<unknown>
}
