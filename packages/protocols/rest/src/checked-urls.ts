/**
 * The outbound check of the URLs a plugin's calls go to, remembered: a call repeated against the same URL skips the
 * URL parse and the address checks (the policy is fixed for the plugin's life, and the checks read only the URL; the
 * resolved address is checked again at connect time). Bounded: the memory starts over when it is full.
 */
import { checkOutboundUrl } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'

/** Where an http(s) URL goes, as undici dispatches it: the origin, and the path with the query. */
export interface DispatchTarget {
  origin: string
  path: string
}

export interface CheckedUrls {
  /** Throws as `checkOutboundUrl` does; the dispatch target for http(s) URLs, undefined for other schemes. */
  check(url: string): DispatchTarget | undefined
}

const isHttp = (protocol: string): boolean => protocol === 'http:' || protocol === 'https:'

export function createCheckedUrls(policy: OutboundPolicy | undefined, max = 256): CheckedUrls {
  const passed = new Map<string, DispatchTarget | undefined>()
  return {
    check(url) {
      if (passed.has(url)) return passed.get(url)
      const parsed = checkOutboundUrl(url, policy)
      const target = isHttp(parsed.protocol)
        ? { origin: parsed.origin, path: parsed.pathname + parsed.search }
        : undefined
      if (passed.size >= max) passed.clear()
      passed.set(url, target)
      return target
    },
  }
}
