/**
 * The secrets a sidecar was handed (metadata values, the markers' key material), remembered so that its stderr tail is
 * shown without them: a sidecar that logs the headers it got must not put a token on the plugin list.
 */

/** Shorter pieces are left alone: redacting `1` or `true` would garble the tail without hiding anything. */
const MIN_SECRET_LENGTH = 6
/** The most recent values kept; older ones fall off (a long session rotates tokens). */
const MAX_SECRETS = 256
const REDACTED = '‹redacted›'
/** Headers that describe the payload, not who sends it. */
const PLAIN_HEADERS = new Set(['accept', 'content-type', 'user-agent'])

export interface SecretRedactor {
  /** Remembers every value of `metadata` (and its key material) as a secret. */
  remember(metadata: Readonly<Record<string, string>>): void
  redact(lines: readonly string[]): string[]
}

/** The pieces of one metadata value a program might print on its own: the value, its token, its JSON strings' lines. */
function piecesOf(value: string): string[] {
  const pieces = [value]
  // `Bearer abc`, `Basic dXNlcjpwYXNz`: the credential without its scheme word, and a Basic pair's password.
  const credential = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(value)?.[1]
  if (credential !== undefined) {
    pieces.push(credential)
    const decoded = Buffer.from(credential, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon > 0 && /^[\x20-\x7e]+$/.test(decoded)) pieces.push(decoded, decoded.slice(colon + 1))
  }
  // The markers carry JSON (a PEM key, SigV4 keys): each string in it, and each line of a multi-line one.
  if (value.startsWith('{')) {
    try {
      for (const leaf of stringLeaves(JSON.parse(value) as unknown)) pieces.push(leaf, ...leaf.split(/\r?\n/))
    } catch {
      // Not JSON after all: the value itself is remembered.
    }
  }
  return pieces.filter((piece) => piece.trim().length >= MIN_SECRET_LENGTH && !/^-----(BEGIN|END) /.test(piece))
}

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value !== 'object' || value === null) return []
  return Object.values(value as Record<string, unknown>).flatMap(stringLeaves)
}

export function createSecretRedactor(): SecretRedactor {
  // Insertion-ordered: the oldest secret is the first one dropped.
  const secrets = new Set<string>()
  return {
    remember(metadata) {
      for (const [key, value] of Object.entries(metadata)) {
        if (PLAIN_HEADERS.has(key.toLowerCase())) continue
        for (const piece of piecesOf(value)) {
          secrets.delete(piece)
          secrets.add(piece)
        }
      }
      for (const oldest of secrets) {
        if (secrets.size <= MAX_SECRETS) break
        secrets.delete(oldest)
      }
    },
    redact(lines) {
      if (secrets.size === 0) return [...lines]
      // Longest first, so a token inside a longer header value is not left half-shown.
      const ordered = [...secrets].sort((a, b) => b.length - a.length)
      return lines.map((line) => ordered.reduce((text, secret) => text.split(secret).join(REDACTED), line))
    },
  }
}
