/**
 * An address as a run, an export or a live message may show it: user info removed and the values of credential-named
 * query parameters (`api_key`, `token`…) masked. Text that is no URL (an upload's name, `grpc@host:port`) is returned
 * with the same credential query values masked.
 */
import { decodedQueryName, mapQueryPairs } from '../net/query-pairs.js'
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
  return mapQueryPairs(text, ({ pair, key, value }) =>
    value !== undefined && isCredentialName(decodedQueryName(key)) ? `${key}=${PROMPT_MASK}` : pair,
  )
}
