/**
 * The spellings a secret takes on its way out of a token request: raw, percent-encoded (URLs), form-encoded (bodies,
 * and the `client_secret_basic` pair), base64 (Basic credentials). An endpoint that echoes what it received may
 * return any of them, so every one is scrubbed from problems and log lines.
 */

/** Shorter values are not scrubbed: replacing every `1` or `ab` in a message would make it unreadable. */
const minSecretLength = 4

/** RFC 6749 §2.3.1 and HTML forms: `+` for space, `%XX` for the rest. */
export function formEncode(value: string): string {
  return new URLSearchParams([['v', value]]).toString().slice(2)
}

function base64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64')
}

/** One secret in each spelling it may travel in, longest first so a longer match is replaced whole. */
export function secretSpellings(secret: string): string[] {
  if (secret.length < minSecretLength) return []
  const spellings = [secret, encodeURIComponent(secret), formEncode(secret), base64(secret)]
  // A Basic value: the base64 pair alone, too (the scheme name may be echoed apart or not at all).
  const basic = /^basic\s+(\S+)$/i.exec(secret)?.[1]
  if (basic) spellings.push(basic)
  return spellings
}

/** The values in a token URL's query string (an API key or a client secret sits there at some providers). */
export function querySecrets(url: URL): string[] {
  if (url.search === '') return []
  return [url.search.slice(1), ...[...url.searchParams.values()]]
}

/** Every spelling of every secret, without duplicates, longest first. */
export function expandSecrets(secrets: readonly string[]): string[] {
  const all = new Set<string>()
  for (const secret of secrets) for (const spelling of secretSpellings(secret)) all.add(spelling)
  return [...all].sort((a, b) => b.length - a.length)
}

/** Replaces every secret in `text` with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length >= minSecretLength) out = out.split(secret).join('***')
  }
  return out
}
