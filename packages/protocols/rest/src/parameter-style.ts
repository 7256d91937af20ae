/**
 * Writes path, query and header parameter values the way the document says (OpenAPI 3 `style` and `explode`, RFC
 * 6570's expansions): `$select=id,displayName` for a form parameter with `explode: false`, `ids=1|2` pipe-delimited,
 * `.a.b` for a label path parameter. A parameter whose document says nothing keeps SPEC.md's default: a query array
 * repeats its name, an object uses brackets, a path or header array is comma-separated.
 */
import type { FieldInfo, ParameterStyle } from '@wirebench/core'
import { formPairs, scalarToString } from './form-encoding.js'
import type { Pair } from './form-encoding.js'

type Serialization = Pick<FieldInfo, 'style' | 'explode'>

const isStated = (s: Serialization): boolean => s.style !== undefined || s.explode !== undefined
/** OpenAPI: `explode` defaults to true for `form` and false for every other style. */
const explodes = (style: ParameterStyle, explode: boolean | undefined): boolean => explode ?? style === 'form'

const encode = (value: unknown): string => encodeURIComponent(scalarToString(value))

type Shaped = { kind: 'scalar' | 'array'; items: unknown[] } | { kind: 'object'; entries: [string, unknown][] }

/** A value as the list of its items (arrays) or of its key/value pairs (objects); a scalar as one item. */
function shape(value: unknown): Shaped {
  if (Array.isArray(value)) return { kind: 'array', items: value.filter((v) => v !== undefined && v !== null) }
  if (typeof value === 'object' && value !== null) {
    return { kind: 'object', entries: Object.entries(value).filter(([, v]) => v !== undefined && v !== null) }
  }
  return { kind: 'scalar', items: [value] }
}

/** The query string segments (`name=value`, already encoded) of one query parameter; none for an absent value. */
export function querySegments(name: string, value: unknown, serialization: Serialization): string[] {
  if (value === undefined || value === null) return []
  if (!isStated(serialization)) return encodedPairs(formPairs(name, value))
  const style = serialization.style ?? 'form'
  const explode = explodes(style, serialization.explode)
  const key = encodeURIComponent(name)
  const shaped = shape(value)
  if (shaped.kind === 'scalar') return [`${key}=${encode(value)}`]
  if (style === 'deepObject') return encodedPairs(formPairs(name, value))
  if (shaped.kind === 'object') {
    if (explode) return shaped.entries.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`)
    return [`${key}=${shaped.entries.flatMap(([k, v]) => [encodeURIComponent(k), encode(v)]).join(',')}`]
  }
  if (explode) return shaped.items.map((item) => `${key}=${encode(item)}`)
  const delimiter = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '%7C' : ','
  return [`${key}=${shaped.items.map(encode).join(delimiter)}`]
}

/** What replaces `{name}` in the path: `simple` by default, `label` (`.a.b`) and `matrix` (`;name=a`) when stated. */
export function pathSegment(name: string, value: unknown, serialization: Serialization): string {
  const style = serialization.style ?? 'simple'
  const explode = explodes(style, serialization.explode)
  const shaped = shape(value)
  if (style === 'matrix') {
    const key = encodeURIComponent(name)
    if (shaped.kind === 'scalar') return `;${key}=${encode(value)}`
    if (shaped.kind === 'object') {
      if (explode) return shaped.entries.map(([k, v]) => `;${encodeURIComponent(k)}=${encode(v)}`).join('')
      return `;${key}=${shaped.entries.flatMap(([k, v]) => [encodeURIComponent(k), encode(v)]).join(',')}`
    }
    if (explode) return shaped.items.map((item) => `;${key}=${encode(item)}`).join('')
    return `;${key}=${shaped.items.map(encode).join(',')}`
  }
  const prefix = style === 'label' ? '.' : ''
  // label explodes with its own prefix between items; simple keeps commas either way.
  const separator = style === 'label' && explode ? '.' : ','
  if (shaped.kind === 'object') {
    const parts = explode
      ? shaped.entries.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`)
      : shaped.entries.flatMap(([k, v]) => [encodeURIComponent(k), encode(v)])
    return prefix + parts.join(separator)
  }
  return prefix + shaped.items.map(encode).join(separator)
}

/** A header parameter's value: `simple`, comma-separated; an object as `k,v,…` (or `k=v,…` exploded) when stated. */
export function headerText(value: unknown, serialization: Serialization): string {
  const shaped = shape(value)
  if (shaped.kind === 'object') {
    if (!isStated(serialization)) return scalarToString(value)
    const explode = serialization.explode === true
    return shaped.entries
      .flatMap(([k, v]) => (explode ? [`${k}=${scalarToString(v)}`] : [k, scalarToString(v)]))
      .join(',')
  }
  return shaped.items.map(scalarToString).join(',')
}

function encodedPairs(pairs: Pair[]): string[] {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
}
