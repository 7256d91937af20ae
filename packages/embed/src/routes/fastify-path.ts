/**
 * Fastify (find-my-way) route paths in OpenAPI form: `/users/:id(^\\d+$)` → `/users/{id}`, `/files/*` → `/files/{*}`,
 * `::` a literal colon. Regular-expression constraints are dropped (SPEC.md: route constraints stripped).
 */

export interface ConvertedPath {
  path: string
  /** Path parameter names in order. */
  params: string[]
}

const nameEnd = /[/\-.:(;]/

export function fastifyPathToOpenApi(path: string): ConvertedPath {
  const params: string[] = []
  let out = ''
  let i = 0
  while (i < path.length) {
    const c = path[i] as string
    if (c === ':' && path[i + 1] === ':') {
      out += ':'
      i += 2
      continue
    }
    if (c === ':') {
      let j = i + 1
      while (j < path.length && !nameEnd.test(path[j] as string)) j++
      const name = path.slice(i + 1, j)
      i = skipConstraint(path, j)
      params.push(name)
      out += `{${name}}`
      continue
    }
    if (c === '*') {
      params.push('*')
      out += '{*}'
      i++
      continue
    }
    out += c
    i++
  }
  return { path: out, params }
}

/** Skips `(regex)` after a parameter name, parentheses inside it balanced and escapes honoured. */
function skipConstraint(path: string, start: number): number {
  if (path[start] !== '(') return start
  let depth = 0
  for (let i = start; i < path.length; i++) {
    const c = path[i]
    if (c === '\\') {
      i++
      continue
    }
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i + 1
  }
  return path.length
}
