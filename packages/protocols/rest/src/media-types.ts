/**
 * Request media types: how a body of each type is encoded (JSON, a form, text sent verbatim, or a file's bytes), and
 * which declared type a call's `Content-Type` header chooses.
 */

export type BodyKind = 'json' | 'multipart' | 'urlencoded' | 'text' | 'binary'

/** The type without parameters, lower-cased: `Application/XML; charset=utf-8` → `application/xml`. */
export function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase()
}

export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType)
  return type === 'application/json' || type.endsWith('+json') || type === '*/*' || type.endsWith('/json')
}

/** Types whose bodies are text a person writes (XML, YAML, CSV, plain text…), as opposed to a file's bytes. */
const textualType =
  /^text\/|[/+](xml|yaml|x-yaml|csv|javascript|ecmascript|graphql|sql|x-ndjson|ndjson|jsonl|markdown|html)$/

export function isTextualMediaType(mediaType: string): boolean {
  return textualType.test(essence(mediaType))
}

export function bodyKindOf(mediaType: string): BodyKind {
  const type = essence(mediaType)
  if (type === 'multipart/form-data') return 'multipart'
  if (type === 'application/x-www-form-urlencoded') return 'urlencoded'
  if (isJsonMediaType(type)) return 'json'
  return isTextualMediaType(type) ? 'text' : 'binary'
}

export interface ChosenMediaType {
  /** The declared type the header matched (a wildcard such as `image/*` is replaced by the header's own type). */
  mediaType: string
  kind: BodyKind
}

/**
 * The declared media type a `Content-Type` header names, matched case-insensitively and ignoring parameters (an exact
 * match first, then a declared wildcard: `image/*`, `*\/*`); undefined when there is no header or it names none.
 */
export function chooseMediaType(declared: readonly string[], header: string | undefined): ChosenMediaType | undefined {
  if (header === undefined || header.trim() === '') return undefined
  const wanted = essence(header)
  const exact = declared.find((type) => essence(type) === wanted)
  if (exact !== undefined) return { mediaType: exact, kind: bodyKindOf(exact) }
  const [major] = wanted.split('/')
  const wildcard = declared.find((type) => essence(type) === '*/*' || essence(type) === `${major}/*`)
  return wildcard === undefined ? undefined : { mediaType: wanted, kind: bodyKindOf(wanted) }
}
