/**
 * An address as a run, an export or a live message may show it: user info removed and the values of credential-named
 * query parameters (`api_key`, `token`…) masked. Text that is no URL (an upload's name, `grpc@host:port`) is returned
 * with the same credential query values masked.
 */
import { PROMPT_MASK, isCredentialName } from './prompt-redaction.js'

/** `grpc@http://…`: a protocol pin in front of an address. */
const pinned = /^([a-z][a-z0-9+.-]*@)([a-z][a-z0-9+.-]*:\/\/.*)$/is

export function publicUrl(url: string): string {
  const pin = pinned.exec(url)
  if (pin) return `${pin[1] ?? ''}${publicUrl(pin[2] ?? '')}`
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  if (!parsed || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return maskQuery(url)
  parsed.username = ''
  parsed.password = ''
  return maskQuery(parsed.toString())
}

function maskQuery(text: string): string {
  const at = text.indexOf('?')
  if (at < 0) return text
  const hash = text.indexOf('#', at)
  const end = hash < 0 ? text.length : hash
  const query = text
    .slice(at + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals < 0 ? pair : pair.slice(0, equals)
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // kept as written
      }
      return equals >= 0 && isCredentialName(decoded) ? `${name}=${PROMPT_MASK}` : pair
    })
    .join('&')
  return `${text.slice(0, at + 1)}${query}${text.slice(end)}`
}
