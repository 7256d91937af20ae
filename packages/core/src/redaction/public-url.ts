/**
 * An address as a run, an export or a live message may show it: user info removed (`user:pass@host:port` without a
 * scheme too) and the values of credential-named query parameters (`api_key`, `token`, `key`, a signed URL's `sig`…)
 * and of any parameter whose value reads as a credential (a JWT, `Bearer …`) masked. Text that is no URL (an upload's
 * name, `grpc@host:port`) gets the same treatment of its query.
 */
import { decodedQueryName, mapQueryPairs } from '../net/query-pairs.js'
import { PROMPT_MASK, isCredentialName, maskCredentialText } from './prompt-redaction.js'

/** Query names that carry credentials in signed and keyed URLs beyond the names `isCredentialName` knows. */
const credentialQueryName =
  /^(key|sig|sv|se|skoid|sktid|code|auth|jwt|access[-_]?key|access[-_]?key[-_]?id|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|client[-_]?id|credential|credentials|pass|pwd)$/i
/** `user:pass@host…` without a scheme (`grpc@host:port`, a protocol pin, has no password and stays). */
const bareUserinfo = /^[^/@?#:]+:[^/@?#]*@(?=[^/@?#]+)/

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
  if (!parsed || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return maskQuery(url.replace(bareUserinfo, ''))
  parsed.username = ''
  parsed.password = ''
  return maskQuery(parsed.toString())
}

function maskQuery(text: string): string {
  return mapQueryPairs(text, ({ pair, key, value }) => {
    if (value === undefined) return pair
    const name = decodedQueryName(key)
    const isCredential =
      isCredentialName(name) ||
      credentialQueryName.test(name) ||
      maskCredentialText(decodedQueryName(value)) !== decodedQueryName(value)
    return isCredential ? `${key}=${PROMPT_MASK}` : pair
  })
}
