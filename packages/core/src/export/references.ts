/**
 * Writes the values a snippet must not spell out (secrets, and with unresolved output every variable) back as their
 * `${name}` references, in each spelling a value takes inside a request: raw, percent-encoded (paths and queries),
 * form-encoded (bodies) and JSON-escaped (JSON bodies).
 */
import type { ExportReference } from '../plugin/contract.js'

export type ReferenceMask = (text: string) => string

function formEncode(value: string): string {
  return new URLSearchParams([['v', value]]).toString().slice(2)
}

function jsonEscape(value: string): string {
  return JSON.stringify(value).slice(1, -1)
}

/** One spelling of a value, its `${name}`, and whether the value may be replaced inside other text. */
type Spelling = [spelling: string, reference: string, isUsed: boolean]

/** The replacement pairs of every reference, longest spelling first so a longer match is replaced whole. */
function spellings(references: readonly ExportReference[]): Spelling[] {
  const pairs = new Map<string, Spelling>()
  for (const { name, value, isUsed } of references) {
    if (value === '') continue
    const reference = `\${${name}}`
    for (const spelling of [value, encodeURIComponent(value), formEncode(value), jsonEscape(value)]) {
      // The first reference to claim a spelling keeps it: callers list variables before auth-derived values.
      if (!pairs.has(spelling)) pairs.set(spelling, [spelling, reference, isUsed === true])
    }
  }
  return [...pairs.values()].sort((a, b) => b[0].length - a[0].length)
}

export function createReferenceMask(references: readonly ExportReference[]): ReferenceMask {
  return maskOf(spellings(references))
}

/**
 * A mask that writes plain placeholder words instead of `${name}`, and the function that turns them into references
 * afterwards: for generators that validate URLs (`{` is not a URI character) or re-encode what they are given.
 */
export function createPlaceholderMask(references: readonly ExportReference[]): {
  mask: ReferenceMask
  restore: (text: string) => string
  /** Whether `text` holds a placeholder word (where a reference will be restored). */
  hasPlaceholder: (text: string) => boolean
} {
  const salt = Math.random().toString(36).slice(2, 8)
  const words = new Map<string, string>()
  const pairs = spellings(references).map(([spelling, reference, isUsed]): Spelling => {
    let word = words.get(reference)
    // Lowercase: a URL parser lowercases a host, which would leave an uppercase word unrestorable.
    if (word === undefined) words.set(reference, (word = `wbref${words.size}x${salt}`))
    return [spelling, word, isUsed]
  })
  // Placeholder words are long and unique: restored wherever they stand.
  const back = [...words].map(([reference, word]): Spelling => [word, reference, true])
  return {
    mask: maskOf(pairs),
    restore: maskOf(back),
    hasPlaceholder: (text) => [...words.values()].some((word) => text.includes(word)),
  }
}

/**
 * Below this length a value the request does not use is replaced only where it stands alone, never inside other
 * text (a secret `ab` that merely coincides with text would turn `about` into `${PIN}out`).
 */
const minSubstringLength = 4

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Where a short value stands alone: a whole text (a header, a message string), a whole JSON string (`"ab"`), a
 * whole URL or form part (`/ab/`, `=ab&`), or the credential after an auth scheme (`Bearer ab`). Replacing it
 * anywhere would turn every `ab` of `about` into the reference.
 */
function standaloneOf(spelling: string): RegExp {
  const value = escapeRegExp(spelling)
  const edge = '[/?&=#;,]'
  return new RegExp(
    `(?<=^|${edge}|^(?:[Bb]earer|[Bb]asic|[Tt]oken|[Bb]ot|[Aa]pi[Kk]ey) )${value}(?=$|${edge})|(?<=")${value}(?=")`,
    'g',
  )
}

function maskOf(pairs: readonly Spelling[]): ReferenceMask {
  if (pairs.length === 0) return (text) => text
  const steps = pairs.map(([spelling, reference, isUsed]): ((text: string) => string) => {
    if (isUsed || spelling.length >= minSubstringLength) {
      return (text) => (text.includes(spelling) ? text.split(spelling).join(reference) : text)
    }
    const standalone = standaloneOf(spelling)
    return (text) => (text.includes(spelling) ? text.replace(standalone, () => reference) : text)
  })
  return (text) => steps.reduce((out, step) => step(out), text)
}

/** A deep copy of a JSON value with every string (and object key) masked. */
export function maskDeep(value: unknown, mask: ReferenceMask): unknown {
  if (typeof value === 'string') return mask(value)
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, mask))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      // Keys a document fixed are not variables, but a secret typed as a key must not leak either.
      Object.defineProperty(out, mask(key), { value: maskDeep(item, mask), enumerable: true, writable: true })
    }
    return out
  }
  return value
}

/** Header values masked (names are never secrets). */
export function maskHeaders(headers: Readonly<Record<string, string>>, mask: ReferenceMask): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) out[name] = mask(value)
  return out
}
