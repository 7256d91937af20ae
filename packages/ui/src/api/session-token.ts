/** The per-launch session token: taken from `#token=` once, kept in sessionStorage, never left in the address bar. */

const STORAGE_KEY = 'wirebench.token'

let memoryToken: string | null = null

/** Moves a `#token=<hex>` fragment into sessionStorage and strips it from the URL (SECURITY.md, gate 3). */
export function captureSessionToken(): string | null {
  const hash = window.location.hash.replace(/^#/, '')
  const params = new URLSearchParams(hash)
  const fromHash = params.get('token')
  if (fromHash) {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, fromHash)
    } catch {
      // Storage can be disabled; the token then lives for this page only.
    }
    params.delete('token')
    const rest = params.toString()
    const url = `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`
    window.history.replaceState(window.history.state, '', url)
    memoryToken = fromHash
    return fromHash
  }
  return readSessionToken()
}

export function readSessionToken(): string | null {
  if (memoryToken) return memoryToken
  try {
    memoryToken = window.sessionStorage.getItem(STORAGE_KEY)
  } catch {
    memoryToken = null
  }
  return memoryToken
}
