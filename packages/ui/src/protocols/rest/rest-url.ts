/** A preview of the URL a REST call will hit: path parameters filled in, query parameters appended. */
import type { FieldInfo } from '@wirebench/core'

export type UrlPart = { kind: 'text'; text: string } | { kind: 'param'; name: string; value: string | undefined }

function display(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export function pathParts(template: string, values: Record<string, unknown>): UrlPart[] {
  const parts: UrlPart[] = []
  let last = 0
  for (const match of template.matchAll(/\{([^}]+)\}/g)) {
    if (match.index > last) parts.push({ kind: 'text', text: template.slice(last, match.index) })
    const name = match[1] ?? ''
    parts.push({ kind: 'param', name, value: display(values[name]) })
    last = match.index + match[0].length
  }
  if (last < template.length) parts.push({ kind: 'text', text: template.slice(last) })
  return parts
}

/** Encodes a query part for the preview, leaving `${…}` (and its escape `$${…}`) readable: both change before sending. */
function encodePart(text: string): string {
  return text
    .split(/(\$?\$\{[^}]*\})/)
    .map((part, index) => (index % 2 === 1 ? part : encodeURIComponent(part)))
    .join('')
}

/** The delimiter of an array the document says not to explode (`$select=id,name`); undefined when it repeats. */
function arrayDelimiter(field: FieldInfo): string | undefined {
  const style = field.style ?? 'form'
  if (field.explode ?? (style === 'form' || style === 'deepObject')) return undefined
  return style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '%7C' : ','
}

export function queryString(fields: readonly FieldInfo[], values: Record<string, unknown>): string {
  const pairs: string[] = []
  for (const field of fields) {
    if (field.source !== 'query') continue
    const value = values[field.name]
    const name = encodePart(field.wireName ?? field.name)
    const list = Array.isArray(value) ? value : [value]
    const delimiter = Array.isArray(value) ? arrayDelimiter(field) : undefined
    const texts = list.map(display).filter((t): t is string => t !== undefined)
    if (delimiter !== undefined) {
      if (texts.length > 0) pairs.push(`${name}=${texts.map(encodePart).join(delimiter)}`)
      continue
    }
    for (const text of texts) pairs.push(`${name}=${encodePart(text)}`)
  }
  return pairs.length ? `?${pairs.join('&')}` : ''
}
