/**
 * Request chaining: `${response.<path>}` reads the previous response of the current tab, and
 * `${<folder>/<name>.response.<path>}` the last response of a saved request. The result is a `resolve` hook for
 * `substitute`, so a reference that reads nothing stays visible and is reported like an unknown variable.
 *
 * Grammar (after the engine trims the text between `${` and `}`):
 * - `response` or `response.<path>`: the current tab's previous response;
 * - `<request path>.response[.<path>]`: a saved request, addressed by its path under `requests/` (`smoke/login`).
 *   The request path is everything before the first `.response` that is followed by `.` or the end, so names may
 *   hold spaces and dots; a name that itself holds such a `.response` is written as a JSON string:
 *   `"smoke/v1.response.x".response.token`.
 * - `<path>`: dot-separated segments; a numeric segment indexes an array; a segment holding a dot, a space or a quote
 *   is written as a JSON string (`data."a.b".c`). The first segment `status` is the call's status (HTTP status for
 *   HTTP-based protocols, else the status name), `headers.<name>` a response header (case-insensitive), `body.<path>`
 *   the body explicitly (for a body field named `status`, `headers` or `body`); any other path reads the body.
 *   A body that is JSON text (a WebSocket or SSE frame) is read as the JSON it holds.
 */
import { pathValueToString } from './path.js'

/** What chaining reads from one response: a unary result, or the last frame of a stream or channel. */
export interface ResponseSnapshot {
  body: unknown
  /** HTTP status (a number) when the protocol has one, else the status name (`OK`, `NotFound`). */
  status?: number | string
  /** Response headers or metadata. */
  headers?: Readonly<Record<string, string>>
}

export type ChainReference =
  { source: 'current'; path: string[] } | { source: 'saved'; request: string; path: string[] }

export interface ChainSources {
  /** The current tab's previous response. */
  current?: ResponseSnapshot | undefined
  /** The last response of a saved request, by its path (`smoke/login`). */
  saved?: (requestPath: string) => ResponseSnapshot | undefined
}

const RESPONSE = 'response'

/** Reads one JSON string literal at `start` (which holds `"`); answers the string and the index after it. */
function readQuoted(text: string, start: number): { value: string; end: number } | undefined {
  let i = start + 1
  while (i < text.length) {
    const char = text[i]
    if (char === '\\') i += 2
    else if (char === '"') {
      try {
        const value: unknown = JSON.parse(text.slice(start, i + 1))
        return typeof value === 'string' ? { value, end: i + 1 } : undefined
      } catch {
        return undefined
      }
    } else i += 1
  }
  return undefined
}

/** Splits a path into its segments; undefined when it is not well formed (an empty or unterminated segment). */
export function parseChainPath(text: string): string[] | undefined {
  if (text === '') return []
  const segments: string[] = []
  let i = 0
  for (;;) {
    if (text[i] === '"') {
      const quoted = readQuoted(text, i)
      if (!quoted) return undefined
      segments.push(quoted.value)
      i = quoted.end
    } else {
      const dot = text.indexOf('.', i)
      const end = dot === -1 ? text.length : dot
      const segment = text.slice(i, end)
      if (segment === '') return undefined
      segments.push(segment)
      i = end
    }
    if (i === text.length) return segments
    if (text[i] !== '.') return undefined
    i += 1
  }
}

/** Reads `response…` after the request part: the whole rest must be `response` or `response.<path>`. */
function readResponsePart(rest: string): string[] | undefined {
  if (rest === RESPONSE) return []
  if (!rest.startsWith(`${RESPONSE}.`) || rest.length === RESPONSE.length + 1) return undefined
  return parseChainPath(rest.slice(RESPONSE.length + 1))
}

/** Reads a variable name as a chaining reference, or answers undefined when it is not one. */
export function parseChainReference(name: string): ChainReference | undefined {
  const current = readResponsePart(name)
  if (current) return { source: 'current', path: current }
  if (name.startsWith('"')) {
    const quoted = readQuoted(name, 0)
    if (!quoted || name[quoted.end] !== '.' || quoted.value === '') return undefined
    const path = readResponsePart(name.slice(quoted.end + 1))
    return path ? { source: 'saved', request: quoted.value, path } : undefined
  }
  const marker = `.${RESPONSE}`
  for (let at = name.indexOf(marker); at > 0; at = name.indexOf(marker, at + 1)) {
    const after = name[at + marker.length]
    if (after !== undefined && after !== '.') continue
    const path = readResponsePart(name.slice(at + 1))
    return path ? { source: 'saved', request: name.slice(0, at), path } : undefined
  }
  return undefined
}

function walk(value: unknown, segments: readonly string[]): unknown {
  let current = value
  for (const segment of segments) {
    if (typeof current === 'string' && /^\s*[[{]/.test(current)) current = parseJsonText(current)
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined
      current = current[Number(segment)]
    } else if (current !== null && typeof current === 'object') {
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined
      current = (current as Record<string, unknown>)[segment]
    } else return undefined
  }
  return current
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function headerOf(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (!headers) return undefined
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value
  return undefined
}

/** Reads a path from a response snapshot; undefined when nothing is there. */
export function readResponsePath(snapshot: ResponseSnapshot, path: readonly string[]): unknown {
  const [first, ...rest] = path
  if (first === 'status' && rest.length === 0) return snapshot.status
  if (first === 'headers') {
    if (rest.length === 0) return snapshot.headers
    // A header name may hold dots: everything after `headers.` is the name.
    return headerOf(snapshot.headers, rest.join('.'))
  }
  if (first === 'body') return walk(snapshot.body, rest)
  return walk(snapshot.body, path)
}

/** The `resolve` hook of `substitute` for chaining references. */
export function createChainResolver(sources: ChainSources): (name: string) => string | undefined {
  return (name) => {
    const reference = parseChainReference(name)
    if (!reference) return undefined
    const snapshot = reference.source === 'current' ? sources.current : sources.saved?.(reference.request)
    if (!snapshot) return undefined
    const value = readResponsePath(snapshot, reference.path)
    return value === null ? 'null' : pathValueToString(value)
  }
}

/** Writes one segment so that `parseChainPath` reads it back. */
function writeSegment(segment: string | number): string {
  const text = String(segment)
  return /^[^."\s{}$]+$/.test(text) ? text : JSON.stringify(text)
}

/**
 * The reference that reads `path` (segments from the body's root) of a response: `${response.…}` for the current
 * tab, or the named form for a saved request. Undefined when a segment holds `}`, which no template can carry.
 */
export function chainReferenceFor(path: ReadonlyArray<string | number>, requestPath?: string): string | undefined {
  if (path.some((segment) => String(segment).includes('}'))) return undefined
  if (requestPath?.includes('}')) return undefined
  const [first] = path
  // A body field named like a reserved first segment is reached through `body.`.
  const body = first === 'status' || first === 'headers' || first === 'body' ? ['body', ...path] : path
  const tail = body.map(writeSegment).join('.')
  const response = tail === '' ? RESPONSE : `${RESPONSE}.${tail}`
  if (requestPath === undefined) return `\${${response}}`
  const named = parseChainReference(`${requestPath}.${response}`)
  const head = named?.source === 'saved' && named.request === requestPath ? requestPath : JSON.stringify(requestPath)
  return `\${${head}.${response}}`
}
