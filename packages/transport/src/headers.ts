/** Header helpers every outbound HTTP path shares: undici's response headers flattened, Content-Length, managed names. */

export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  // Null prototype: a `__proto__` response header stays a plain entry.
  const flat = Object.create(null) as Record<string, string>
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

/** The Content-Length of flattened response headers, when it is a plain number. */
export function declaredLength(headers: Record<string, string>): number | undefined {
  const raw = headers['content-length']
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined
}

// undici refuses these or computes them itself; a user-supplied value would break the request.
const managedHeaders = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect'])

/** True for a request header undici manages (any case): callers drop such names from user metadata. */
export function isManagedHeader(name: string): boolean {
  return managedHeaders.has(name.toLowerCase())
}
