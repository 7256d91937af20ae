/**
 * Discovers again the URLs that failed when the active environment's TLS trust changes (another environment made
 * active, a CA pasted, "allow self-signed" ticked): a private-CA server refused at first is listed once it is trusted,
 * without the user having to find the refresh button.
 */
import { activeEnvironment, type EnvironmentsStore } from './environments-store.js'
import { urlStatus, type DiscoveryStore } from './discovery-store.js'

/** Edits come a keystroke at a time; discovery waits until they pause. */
const SETTLE_MS = 600

function trustKey(store: EnvironmentsStore): string | null {
  const state = store.getState()
  if (state.phase !== 'ready') return null
  const trust = activeEnvironment(state)?.trust
  return JSON.stringify([trust?.caCertificate.trim() ?? '', trust?.allowSelfSigned === true])
}

/** Returns a function that stops following the environments. */
export function rediscoverOnTrustChange(environments: EnvironmentsStore, discovery: DiscoveryStore): () => void {
  let last = trustKey(environments)
  let timer: ReturnType<typeof setTimeout> | undefined
  const unsubscribe = environments.subscribe(() => {
    const key = trustKey(environments)
    if (key === null || key === last) return
    const wasLoaded = last !== null
    last = key
    if (!wasLoaded) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      const failed = Object.values(discovery.getState().byUrl)
        .filter((entry) => urlStatus(entry).kind === 'error')
        .map((entry) => entry.url)
      if (failed.length > 0) void discovery.getState().discover(failed)
    }, SETTLE_MS)
  })
  return () => {
    clearTimeout(timer)
    unsubscribe()
  }
}
