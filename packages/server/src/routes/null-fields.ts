/**
 * A `null` in an optional field of a call's body means absent. JSON writers that do not omit a field spell it so,
 * while the request types, and the services reading them (`!== undefined`), know only a value or absent: dropped
 * before validation, a null never reaches a service as a value, and the schemas refuse null as the types do.
 */
import type { JSONSchemaType } from 'ajv'
import type { FastifyRequest } from 'fastify'

/** The body without its null fields (only `fields`, when given); anything but a plain object is returned as it is. */
export function withoutNullFields(body: unknown, fields?: readonly string[]): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const kept = Object.entries(body).filter(([name, value]) => value !== null || (fields && !fields.includes(name)))
  return Object.fromEntries(kept)
}

/** The `preValidation` hook of a route whose body follows this rule. */
export function dropNullFields(request: FastifyRequest, _reply: unknown, done: () => void): void {
  request.body = withoutNullFields(request.body)
  done()
}

/** The body without its null fields, and without those of the object fields named in `nested` (one level down). */
export function withoutNullFieldsWithin(body: unknown, nested: readonly string[]): unknown {
  const top = withoutNullFields(body)
  if (typeof top !== 'object' || top === null || Array.isArray(top)) return top
  const out = top as Record<string, unknown>
  for (const name of nested) if (name in out) out[name] = withoutNullFields(out[name])
  return out
}

/** The `preValidation` hook of a route whose body and whose `nested` object fields follow this rule. */
export function dropNullFieldsWithin(nested: readonly string[]) {
  return (request: FastifyRequest, _reply: unknown, done: () => void): void => {
    request.body = withoutNullFieldsWithin(request.body, nested)
    done()
  }
}

/**
 * The body schema with its optional fields refusing `null`, as the request types do: JSONSchemaType demands
 * `nullable: true` on every optional property, which would let a null through to a service as a value (a null
 * `serverUrl` failed as a 500, a null `history` crashed the process, a null CA certificate in a token request's
 * trust too). The routes drop null fields before validation, so a null written for "absent" still works; the schema
 * is what the services may rely on. `nested` names object fields whose own properties follow the same rule.
 */
export function absentNeverNull<T>(schema: JSONSchemaType<T>, nested: readonly string[] = []): JSONSchemaType<T> {
  return strictProperties(schema, nested) as JSONSchemaType<T>
}

function strictProperties(schema: object, nested: readonly string[]): object {
  const { properties } = schema as { properties?: Record<string, object> }
  if (!properties) return schema
  const strict = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => {
      const { nullable: _nullable, ...rest } = field as { nullable?: boolean }
      return [name, nested.includes(name) ? strictProperties(rest, []) : rest]
    }),
  )
  return { ...schema, properties: strict }
}
