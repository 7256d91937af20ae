/**
 * Keys of a call message that name no field of the operation. They are never dropped: they join the body when it can
 * hold them (an object body, or a body whose schema is free JSON or a map), and otherwise the call is refused with
 * the keys named.
 */
import { WorkbenchError } from '@wirebench/core'
import type { FieldInfo, MethodInfo } from '@wirebench/core'
import { isWholeBody } from './body-layout.js'
import type { BodyLayout } from './body-layout.js'
import type { BodyValues } from './request-body-encoding.js'

/** How many field names the refusal lists before it says "and N more". */
const listedFields = 12

export interface StrayKeysInput {
  method: MethodInfo
  layout: BodyLayout
  /** The names the message may fill: the operation's fields and the layout's (`knownNames`). */
  known: ReadonlySet<string>
  values: Record<string, unknown>
  body: BodyValues
  sendsBody: boolean
}

export function placeStrayKeys({ method, layout, known, values, body, sendsBody }: StrayKeysInput): void {
  refuseReplacedFields(method, layout, values)
  const stray = Object.keys(values).filter((key) => !known.has(key) && values[key] !== undefined)
  if (stray.length === 0) return
  if (sendsBody) {
    // Keys the form does not know (the raw JSON editor, additionalProperties) join an object body.
    if (layout.fields.some((f) => !isWholeBody(f))) {
      for (const key of stray) body.values.set(key, { field: undefined, value: values[key] })
      return
    }
    // A body whose shape is unknown (an unresolved external `$ref`, no schema) or a map takes them as its object.
    const whole = layout.kind === 'text' || layout.kind === 'binary' ? undefined : layout.fields.find(isWholeBody)
    if (whole && body.whole === undefined && holdsObject(whole)) {
      // Null prototype: a `__proto__` key from the message stays a plain property (SECURITY.md, prototype pollution).
      const object = Object.create(null) as Record<string, unknown>
      for (const key of stray) object[key] = values[key]
      body.whole = { field: whole, value: object }
      return
    }
  }
  throw strayKeysError(method, stray, sendsBody)
}

/** Fields of the object body that a text or binary media type chosen by the call replaced with one `body` string. */
function refuseReplacedFields(method: MethodInfo, layout: BodyLayout, values: Record<string, unknown>): void {
  // A property named `body` is not counted: that key holds the whole text now.
  const replaced = layout.replaced.filter((f) => f.name !== 'body' && values[f.name] !== undefined).map((f) => f.name)
  if (replaced.length === 0) return
  const filled = replaced.map((name) => JSON.stringify(name))
  throw new WorkbenchError(
    'invalid_request',
    `${method.name} sends its body as ${layout.mediaType}, which is one piece of ${layout.kind === 'text' ? 'text' : 'data'} in "body": ${filled.join(', ')} ${filled.length === 1 ? 'belongs' : 'belong'} to its ${method.multipart ?? method.requestContentType ?? 'JSON'} body. Nothing was sent.`,
    {
      hint: `Write the whole ${layout.mediaType} body in "body", or choose ${method.multipart ?? method.requestContentType ?? 'application/json'} as the Content-Type to send the fields.`,
      details: { fields: replaced },
    },
  )
}

function holdsObject(field: FieldInfo): boolean {
  return field.isMap || (field.type === 'json' && !field.isRepeated)
}

function strayKeysError(method: MethodInfo, stray: string[], sendsBody: boolean): WorkbenchError {
  const names = stray.map((key) => JSON.stringify(key)).join(', ')
  const fields = method.inputType.fields.map((f) => (f.source ? `${f.name} (${f.source})` : f.name))
  const listed =
    fields.length > listedFields ? [...fields.slice(0, listedFields), `${fields.length - listedFields} more`] : fields
  const where = sendsBody
    ? `and its body cannot hold ${stray.length === 1 ? 'it' : 'them'}`
    : `and a ${method.httpMethod ?? 'GET'} request has no body`
  const noun = stray.length === 1 ? 'field' : 'fields'
  return new WorkbenchError('invalid_request', `${method.name} has no ${noun} ${names}, ${where}: nothing was sent.`, {
    hint:
      fields.length === 0
        ? `${method.name} takes no parameters: send an empty message.`
        : `Check the spelling. Its fields are ${listed.join(', ')}.`,
    details: { fields: stray },
  })
}
