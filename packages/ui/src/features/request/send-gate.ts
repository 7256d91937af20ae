/**
 * What stands between a draft and Send: values its fields cannot hold, text that is not JSON yet, and strings filled
 * in from a document that would pull variables into the call. After substitution, `finalizeMessages` converts every
 * typed value (a `${n}` in an int32 field sends a number) or refuses the call, naming the fields, before it leaves.
 */
import { problemType, type FieldInfo } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import { formFlavorOf } from '../../components/form/form-flavor.js'
import { checkMessage, isTemplate, type FieldProblem } from '../../components/form/value-check.js'
import type { MethodRef } from '../../state/catalog.js'
import type { Draft } from '../../state/drafts-store.js'
import { chosenMediaType, inputFieldsFor, mediaKind } from './media-types.js'

export interface SendHold {
  problems: FieldProblem[]
  /**
   * Strings that came from the document and now reference variables, in the message or in a header row (a media type
   * written into `Content-Type`): sending would substitute them.
   */
  documentTemplates: string[]
}

/** The fields of the draft's message: the method's, or (REST) those of the media type its headers choose. */
export function draftFields(target: MethodRef, draft: Pick<Draft, 'headers'>): FieldInfo[] {
  return inputFieldsFor(target.method, chosenMediaType(target.method, draft.headers))
}

/** Why the draft must not be sent as it is, or undefined when it may go. */
export function sendHold(target: MethodRef, draft: Draft): SendHold | undefined {
  const flavor = formFlavorOf(target.service.protocol)
  const fields = draftFields(target, draft)
  const checked = checkMessage(fields, draft.value, { flavor, stage: 'draft' })
  const pending = Object.entries(draft.pending).map(([path, p]) => ({ path, message: p.message }))
  const problems = [
    ...pending,
    ...checked.problems.filter((p) => !(p.path in draft.pending)),
    ...strayKeys(target, draft, fields),
    ...missingBody(target, draft, fields),
  ]
  const filled = new Set(draft.filled)
  // Header rows are substituted like the message, so a document's text in one is held back the same way.
  const headerValues = draft.headers.filter((row) => row.isEnabled).map((row) => row.value)
  const documentTemplates = [...new Set([...stringsIn(draft.value), ...headerValues])].filter(
    (s) => filled.has(s) && isTemplate(s),
  )
  return problems.length || documentTemplates.length ? { problems, documentTemplates } : undefined
}

/** A text or binary body is the `body` key alone: values of the object fields would be refused by the plugin. */
function strayKeys(target: MethodRef, draft: Draft, fields: readonly FieldInfo[]): FieldProblem[] {
  const chosen = chosenMediaType(target.method, draft.headers)
  if (!chosen) return []
  const kind = mediaKind(chosen)
  if (kind !== 'text' && kind !== 'binary') return []
  const names = new Set(fields.map((f) => f.name))
  return Object.keys(draft.value)
    .filter((key) => !names.has(key))
    .map((key) => ({
      path: key,
      message: `is not part of a ${chosen} body (it is sent as the body field alone): remove it in the JSON tab, or choose another media type`,
    }))
}

/** Where the hold notice names the request body as a whole (no field path looks like it). */
export const BODY_PATH = '(request body)'

/**
 * A body the API description requires, with nothing in it: held like a missing required path parameter, instead of
 * going out empty. Keys that fit no parameter join the body, so they count as a body.
 */
function missingBody(target: MethodRef, draft: Draft, fields: readonly FieldInfo[]): FieldProblem[] {
  if (target.method.bodyRequired !== true) return []
  const parameters = new Set(fields.filter((f) => f.source !== undefined && f.source !== 'body').map((f) => f.name))
  const hasBody = Object.entries(draft.value).some(
    ([key, value]) => !parameters.has(key) && value !== undefined && value !== '',
  )
  if (hasBody || Object.keys(draft.pending).length > 0) return []
  return [
    {
      path: BODY_PATH,
      message:
        'is required by the API description and nothing is filled in: fill a body field, or type the body in the JSON tab',
    },
  ]
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}

/**
 * The step after substitution for the messages of one method: typed values converted to their field types. Throws
 * an ApiError naming the fields when one cannot be, so nothing is sent.
 */
export function finalizeMessages(
  target: MethodRef,
  written: readonly unknown[],
  fields: readonly FieldInfo[] = target.method.inputType.fields,
): (sent: unknown[]) => unknown[] {
  const flavor = formFlavorOf(target.service.protocol)
  return (sent) =>
    sent.map((message, index) => {
      if (typeof message !== 'object' || message === null || Array.isArray(message)) return message
      const checked = checkMessage(fields, message as Record<string, unknown>, {
        flavor,
        stage: 'sent',
        written: written[index],
      })
      if (checked.problems.length > 0) throw notSent(checked.problems)
      return checked.value
    })
}

function notSent(problems: FieldProblem[]): ApiError {
  const count = problems.length === 1 ? 'A field does' : `${problems.length} fields do`
  return new ApiError({
    type: problemType('invalid_request'),
    title: 'Not sent: a value does not fit its field after substitution',
    status: 0,
    code: 'invalid_request',
    detail: `${count} not hold what its variables give. Nothing left the workbench.`,
    errors: problems,
    hint: 'Fix the variable in the active environment (Environments in the top bar) or the field in the form.',
  })
}
