/** Narrowing helpers for the untyped JSON of imported files: each importer reads only what it checked. */
import { WorkbenchError } from '@wirebench/core'
import type { ImportFormat } from '@wirebench/core'

export type JsonObject = Record<string, unknown>

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

const formatNames: Record<ImportFormat, string> = {
  curl: 'curl command',
  postman: 'Postman collection',
  insomnia: 'Insomnia export',
  har: 'HAR file',
}

/** A file that is not what its format says: the problem names the format and what was wrong. */
export function notFormat(format: ImportFormat, reason: string, hint: string): WorkbenchError {
  return new WorkbenchError(
    'invalid_request',
    `This is not ${/^[aeiou]/i.test(formatNames[format]) ? 'an' : 'a'} ${formatNames[format]} the workbench can read: ${reason}.`,
    {
      hint,
    },
  )
}

export function parseJsonFile(format: ImportFormat, content: string, hint: string): JsonObject {
  let parsed: unknown
  try {
    parsed = JSON.parse(content)
  } catch (error) {
    throw notFormat(format, `it is not JSON (${error instanceof Error ? error.message : String(error)})`, hint)
  }
  if (!isObject(parsed)) throw notFormat(format, 'the JSON is not an object', hint)
  return parsed
}
