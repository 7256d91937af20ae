/**
 * REST request media types: which one a call uses (its `Content-Type` header when that names a declared type, else
 * the default pick discovery described the fields for) and the input fields that go with it. A text type (XML,
 * text/plain…) is one `body` string sent verbatim, a binary one a `body` file; the parameters stay as they are.
 */
import { escapeTemplate, type FieldInfo, type MethodInfo } from '@wirebench/core'
import { TEXT_BODY_FORMAT } from '../../components/form/field-value.js'
import type { HeaderRow } from '../../state/drafts-store.js'

export type MediaKind = 'json' | 'form' | 'text' | 'binary'

/** The type without parameters, lower case (`Application/XML; charset=utf-8` → `application/xml`). */
export function essence(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase()
}

/** The REST plugin's kinds (its README): JSON, the two forms, text, and binary for everything else. */
export function mediaKind(type: string): MediaKind {
  const t = essence(type)
  if (t === 'multipart/form-data' || t === 'application/x-www-form-urlencoded') return 'form'
  if (t === 'application/json' || t === '*/*' || t.endsWith('+json') || t.endsWith('/json')) return 'json'
  if (t.startsWith('text/') || t.endsWith('/xml') || t.endsWith('+xml')) return 'text'
  if (/(yaml|csv|ndjson|javascript|graphql|sql|markdown|html)$/.test(t)) return 'text'
  return 'binary'
}

/** The media type discovery described the fields for: a form, else the first JSON type, else the first listed. */
export function defaultMediaType(method: MethodInfo): string | undefined {
  if (method.multipart) return method.multipart
  if (method.requestContentType) return method.requestContentType
  const types = method.requestMediaTypes ?? []
  return (
    types.find((t) => mediaKind(t) === 'form') ?? types.find((t) => mediaKind(t) === 'json') ?? types[0] ?? undefined
  )
}

export function contentTypeHeader(headers: readonly HeaderRow[]): HeaderRow | undefined {
  return headers.find((h) => h.isEnabled && h.name.trim().toLowerCase() === 'content-type' && h.value.trim())
}

/**
 * The declared type a `Content-Type` value names: exactly first, then a declared wildcard (`image/*`). A declared type
 * is also named by its escaped spelling (`text/x-$${a}`), which is how the form writes a document's type into the row.
 */
export function matchDeclared(declared: readonly string[], value: string): string | undefined {
  const wanted = essence(value)
  const exact = declared.find((t) => essence(t) === wanted || essence(escapeTemplate(t)) === wanted)
  if (exact) return exact
  const [major] = wanted.split('/')
  const wildcard = declared.find((t) => essence(t) === '*/*' || essence(t) === `${major}/*`)
  return wildcard ? value.trim() : undefined
}

/** The media type the call goes out as; undefined for methods that declare no choice. */
export function chosenMediaType(method: MethodInfo, headers: readonly HeaderRow[]): string | undefined {
  const declared = method.requestMediaTypes
  if (!declared || declared.length === 0) return undefined
  const header = contentTypeHeader(headers)
  return (header && matchDeclared(declared, header.value)) ?? defaultMediaType(method)
}

function bodyField(type: string, patch: Partial<FieldInfo>): FieldInfo {
  return {
    name: 'body',
    number: 1_000_000,
    type: 'string',
    label: 'optional',
    isRepeated: false,
    isMap: false,
    required: false,
    isBinary: false,
    source: 'body',
    description: `The ${essence(type)} body, sent as written.`,
    ...patch,
  }
}

/** The example the operation declares for a media type itself (`content[type].example`), if any. */
function mediaExample(method: MethodInfo, type: string): unknown {
  const examples = method.requestExamples
  if (!examples) return undefined
  const key = Object.keys(examples).find((declared) => essence(declared) === essence(type))
  return key === undefined ? undefined : examples[key]
}

/** Body fields with the media type's example object lent to those the schema gave no example. */
function withObjectExample(fields: FieldInfo[], example: unknown): FieldInfo[] {
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return fields
  const values = example as Record<string, unknown>
  return fields.map((f) => {
    const name = f.wireName ?? f.name
    if (f.source !== 'body' || f.example !== undefined || !Object.hasOwn(values, name)) return f
    const value = values[name]
    return value === undefined || value === null ? f : { ...f, example: value }
  })
}

/** The fields of the call's message for the media type it goes out as. */
export function inputFieldsFor(method: MethodInfo, chosen: string | undefined): FieldInfo[] {
  const standard = defaultMediaType(method)
  const fields =
    standard && mediaKind(chosen ?? standard) !== 'text'
      ? withObjectExample(method.inputType.fields, mediaExample(method, chosen ?? standard))
      : method.inputType.fields
  if (!chosen || !standard) return fields
  const kind = mediaKind(chosen)
  const standardKind = mediaKind(standard)
  const params = fields.filter((f) => f.source !== 'body')
  const textBody = (existing?: FieldInfo) => {
    const field = bodyField(chosen, { ...existing, type: 'string', isBinary: false, format: TEXT_BODY_FORMAT })
    // The chosen type's own example; the default type's (from discovery) only when that is the type chosen.
    const own = mediaExample(method, chosen)
    const example =
      typeof own === 'string' ? own : essence(chosen) === essence(standard) ? existing?.example : undefined
    if (example === undefined) delete field.example
    else field.example = example
    return field
  }
  if (kind === standardKind) {
    // Discovery's text body is one string field: edited in a text editor.
    if (kind !== 'text') return fields
    return fields.map((f) => (f.source === 'body' && f.name === 'body' && f.type === 'string' ? textBody(f) : f))
  }
  if (kind === 'text') return [...params, textBody()]
  if (kind === 'binary') return [...params, bodyField(chosen, { type: 'bytes', isBinary: true })]
  // JSON or a form over a text or binary default: the whole body is one JSON value.
  if (standardKind === 'text' || standardKind === 'binary') return [...params, bodyField(chosen, { type: 'json' })]
  return fields
}

/** The input fields of a method's call as the draft's headers choose them. */
export function inputFields(method: MethodInfo, headers: readonly HeaderRow[]): FieldInfo[] {
  return inputFieldsFor(method, chosenMediaType(method, headers))
}
