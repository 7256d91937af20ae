/** The next step for a URL whose discovery failed: the hints the server gave for its failed attempts. */
import type { UrlStatus } from '../../state/discovery-store.js'

export function discoveryHint(status: UrlStatus): string | undefined {
  if (status.kind !== 'error' || !status.hints?.length) return undefined
  return status.hints.join(' ')
}
