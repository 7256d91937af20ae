/**
 * The token proxy, built on the first token request: its outbound stack (undici, the dispatcher factory) is not
 * imported at start-up, and most sessions never use an OAuth helper.
 */
import type { TokenProxy, TokenProxyOptions } from './token-proxy.js'

export function createLazyTokenProxy(options: TokenProxyOptions): TokenProxy {
  let proxy: Promise<TokenProxy> | undefined
  const real = (): Promise<TokenProxy> => {
    proxy ??= import('./token-proxy.js').then(({ createTokenProxy }) => createTokenProxy(options))
    // A failed import is not remembered: that request fails, the next one tries again.
    proxy.catch(() => (proxy = undefined))
    return proxy
  }
  return {
    clientCredentials: async (request, signal) => (await real()).clientCredentials(request, signal),
    codeExchange: async (request, signal) => (await real()).codeExchange(request, signal),
    refresh: async (request, signal) => (await real()).refresh(request, signal),
    customToken: async (request, signal) => (await real()).customToken(request, signal),
    // Nothing to close when no token request was ever made.
    close: async () => (await proxy?.catch(() => undefined))?.close(),
  }
}
