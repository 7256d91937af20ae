/**
 * Reads a discovery entry as people type it: `https://host/doc.json`, `protocol@https://host`, and addresses without a
 * scheme (`localhost:8080/openapi.json`), which mean `http://`. The server, the CLI and the UI's URL bar read entries
 * the same way through this module.
 */

export interface TargetText {
  /** The entry as given, trimmed. */
  entry: string
  /** The plugin id written before `@`, when the entry pins one (whether or not such a plugin exists). */
  pin?: string
  /** The address to discover: the entry without its pin, with `http://` added when it had no scheme. */
  address: string
  /** True when `http://` was added. */
  isSchemeAdded: boolean
}

const schemePrefix = /^[a-z][a-z0-9+.-]*:\/\//i
const pinPattern = /^([a-z][a-z0-9_-]*)@(.+)$/i
const label = '[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?'
/** `host`, `host:port`, `[v6]:port`, each optionally followed by a path, query or fragment. */
const schemelessAddress = new RegExp(`^(?:\\[[0-9a-f:.]+\\]|${label}(?:\\.${label})*)(?::\\d{1,5})?(?:[/?#].*)?$`, 'i')

/** True when `text` starts with `scheme://`. */
export function hasScheme(text: string): boolean {
  return schemePrefix.test(text)
}

/** An address typed without a scheme that reads as a host (and port): `localhost:8080/x`, `api.test/doc`. */
export function isSchemelessAddress(text: string): boolean {
  return !hasScheme(text) && schemelessAddress.test(text)
}

/** The address with `http://` in front when it was typed without a scheme; anything else unchanged. */
export function withDefaultScheme(text: string): string {
  return isSchemelessAddress(text) ? `http://${text}` : text
}

/**
 * Splits `id@address`. An entry pins a plugin when the part before `@` is an id and the rest is an address (with a
 * scheme or without one); `http://user@host/` is a URL with credentials, not a pin.
 */
export function readTargetText(raw: string): TargetText {
  const entry = raw.trim()
  const match = pinPattern.exec(entry)
  const rest = match?.[2]
  if (match?.[1] && rest !== undefined && (hasScheme(rest) || isSchemelessAddress(rest))) {
    const address = withDefaultScheme(rest)
    return { entry, pin: match[1], address, isSchemeAdded: address !== rest }
  }
  const address = withDefaultScheme(entry)
  return { entry, address, isSchemeAdded: address !== entry }
}

/**
 * What makes an entry impossible to discover, as a sentence that names it and says what to write instead; undefined
 * for an entry that reads as an address. `schemes` are the ones the workbench may reach (`http:`, `https:`, …), or
 * `'any'` when a plugin reads any scheme (a sidecar's `mqtt://`): then only an address without a host is refused.
 */
export function targetTextProblem(text: TargetText, schemes: readonly string[] | 'any'): string | undefined {
  const { entry, address } = text
  const known = schemes === 'any' ? ['http:', 'https:'] : schemes
  const admits = (scheme: string) => schemes === 'any' || schemes.includes(scheme)
  const spoken = known.map((s) => s.replace(/:$/, '')).join(', ')
  const pin = /^([a-z][a-z0-9_-]*)@$/i.exec(entry)?.[1]
  if (pin !== undefined) {
    return `"${entry}" names the plugin ${pin} but no address after the @: write ${pin}@http://host:port/… to pin it, or the URL alone to let every plugin try it.`
  }
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(address)?.[1]?.toLowerCase()
  if (scheme !== undefined && !admits(scheme)) {
    return `"${entry}" uses ${scheme.slice(0, -1)}://, which no plugin speaks: use ${spoken}.`
  }
  let url: URL | undefined
  try {
    url = new URL(address)
  } catch {
    url = undefined
  }
  if (scheme !== undefined && (url === undefined || url.host === '')) {
    return `"${entry}" has no host: write the server's address after ${scheme}//, e.g. ${scheme}//localhost:8080/openapi.json.`
  }
  if (url === undefined || !admits(url.protocol)) {
    return `"${entry}" is not a URL: write scheme://host:port/path (${spoken}), or host:port/path, which means http://.`
  }
  return undefined
}
