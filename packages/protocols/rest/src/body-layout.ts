/**
 * How a call's body is read from its message and encoded: the media type the call's `Content-Type` header chose among
 * those the operation declares (else the one discovery described the fields for), and the body fields that go with
 * it. A text or binary type chosen over an object body reads the whole body from one `body` field.
 */
import { optionalField } from '@wirebench/core'
import type { FieldInfo, MethodInfo } from '@wirebench/core'
import { bodyKindOf, chooseMediaType } from './media-types.js'
import type { BodyKind } from './media-types.js'

export interface BodyLayout {
  kind: BodyKind
  /** The media type the body goes out as when the call's headers set no Content-Type. */
  mediaType: string
  /** True when the call's own Content-Type header chose the media type. */
  isChosen: boolean
  /** The body fields the message is read with. */
  fields: FieldInfo[]
  /** Fields of the object body the chosen type replaced: a message that fills them is refused. */
  replaced: FieldInfo[]
}

/** A non-object body is carried by one field named `body` without a wire name (an object property `body` has one). */
export function isWholeBody(field: FieldInfo): boolean {
  return field.source === 'body' && field.name === 'body' && field.wireName === undefined
}

export function bodyFieldsOf(method: MethodInfo): FieldInfo[] {
  return method.inputType.fields.filter((f) => f.source === 'body' || f.source === undefined)
}

export function bodyLayout(method: MethodInfo, contentType: string | undefined): BodyLayout {
  const fields = bodyFieldsOf(method)
  const mediaType = method.multipart ?? method.requestContentType ?? 'application/json'
  const chosen = chooseMediaType(method.requestMediaTypes ?? [mediaType], contentType)
  const kind = chosen?.kind ?? bodyKindOf(mediaType)
  const layout: BodyLayout = {
    kind,
    mediaType: chosen?.mediaType ?? mediaType,
    isChosen: chosen !== undefined,
    fields,
    replaced: [],
  }
  const isRaw = kind === 'text' || kind === 'binary'
  if (isRaw && !(fields.length === 1 && fields[0] !== undefined && isWholeBody(fields[0]))) {
    const raw = optionalField('body', 0, kind === 'binary' ? 'bytes' : 'string', {
      source: 'body',
      isBinary: kind === 'binary',
    })
    layout.fields = [raw]
    layout.replaced = fields
  }
  return layout
}
