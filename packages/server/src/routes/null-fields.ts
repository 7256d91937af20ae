/**
 * A `null` in an optional field of a call's body means absent. JSON writers that do not omit a field spell it so,
 * while the request types, and the services reading them (`!== undefined`), know only a value or absent: dropped
 * before validation, a null never reaches a service as a value, and the schemas refuse null as the types do.
 */
import type { FastifyRequest } from 'fastify'

/**
 * The body without its null fields (only `fields`, when given); anything but a plain object is returned as it is, and
 * so is a body with no such null (nearly every call): it is not copied.
 */
export function withoutNullFields(body: unknown, fields?: readonly string[]): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const isDropped = (name: string, value: unknown) => value === null && (fields === undefined || fields.includes(name))
  let hasNull = false
  for (const name in body) {
    if (Object.hasOwn(body, name) && isDropped(name, (body as Record<string, unknown>)[name])) {
      hasNull = true
      break
    }
  }
  if (!hasNull) return body
  return Object.fromEntries(Object.entries(body).filter(([name, value]) => !isDropped(name, value)))
}

/** The `preValidation` hook of a route whose body follows this rule. */
export function dropNullFields(request: FastifyRequest, _reply: unknown, done: () => void): void {
  request.body = withoutNullFields(request.body)
  done()
}
