/** Validation of uploaded file names: a plain file name, never a path, never hidden, never our quarantine spelling. */
import { WorkbenchError } from '@wirebench/core'

const maxNameLength = 200

export function validateUploadName(name: string): string {
  const fail = (why: string) =>
    new WorkbenchError('invalid_request', `"${printable(name)}" is not an acceptable file name: ${why}.`, {
      hint: 'Use a plain file name such as petstore.yaml.',
    })
  if (name.length === 0) throw fail('it is empty')
  if (name.length > maxNameLength) throw fail(`it is longer than ${maxNameLength} characters`)
  if (/[\\/]/.test(name)) throw fail('it contains a path separator')
  if (name.includes('..')) throw fail('it contains ".."')
  // Cc (C0, DEL, C1) and Cf (bidi overrides, zero-width characters): they hide or reorder what the name shows.
  if (/[\p{Cc}\p{Cf}]/u.test(name)) throw fail('it contains invisible or control characters')
  if (name.startsWith('.')) throw fail('it starts with a dot')
  if (name.trim() !== name) throw fail('it starts or ends with white space')
  if (/\.corrupt-/.test(name)) throw fail('names containing ".corrupt-" are reserved for files set aside')
  if (extensionOf(name) === '') throw fail('it has no extension')
  return name
}

/** A name `quarantine` gave a file it moved aside: `<valid upload name>.corrupt-<timestamp>`. */
export function validateAsideName(name: string): string {
  const match = /^(.+)\.corrupt-[0-9TZ-]+$/.exec(name)
  if (!match?.[1]) return validateUploadName(name)
  validateUploadName(match[1])
  return name
}

/** The lower-case extension with its dot (`.yaml`), or '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot).toLowerCase()
}

/** The name with control characters made visible, for messages. */
function printable(name: string): string {
  return name.replace(/[\p{Cc}\p{Cf}]/gu, '?').slice(0, maxNameLength)
}
