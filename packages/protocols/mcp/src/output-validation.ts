/**
 * Checks values against JSON Schemas a server sent: a tool's `structuredContent` against its `outputSchema` (draft
 * 2020-12 unless the schema says otherwise), and the content of an accepted elicitation against `requestedSchema`.
 * Schemas compile once each (kept per schema object); a schema that does not compile is reported, not thrown.
 */
import { createRequire } from 'node:module'
import type * as Ajv2020Module from 'ajv/dist/2020.js'
import type { Ajv2020 as Ajv2020Class } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { OutputValidation } from '@wirebench/core'

type Problem = { path: string; message: string }

let ajv: Ajv2020Class | undefined
const compiled = new WeakMap<object, ValidateFunction | Problem>()

function validator(): Ajv2020Class {
  if (ajv) return ajv
  const require = createRequire(import.meta.url)
  const { Ajv2020 } = require('ajv/dist/2020') as typeof Ajv2020Module
  const addFormats = (require('ajv-formats') as { default: (ajv: Ajv2020Class) => void }).default
  // Servers write schemas for many validators: unknown keywords and formats are tolerated, never fatal.
  ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, validateSchema: false })
  addFormats(ajv)
  return ajv
}

function compile(schema: object): ValidateFunction | Problem {
  const known = compiled.get(schema)
  if (known) return known
  let result: ValidateFunction | Problem
  try {
    // `$schema` naming draft-07 would make Ajv 2020 look for a meta-schema it does not hold; the keywords still apply.
    const { $schema: _ignored, ...rest } = schema as Record<string, unknown>
    result = validator().compile(rest)
  } catch (error) {
    result = {
      path: '',
      message: `the schema itself cannot be used (${error instanceof Error ? error.message : String(error)})`,
    }
  }
  compiled.set(schema, result)
  return result
}

function problems(errors: ErrorObject[] | null | undefined): Problem[] {
  return (errors ?? []).slice(0, 20).map((error) => ({
    path: error.instancePath,
    message: error.message ?? `fails ${error.keyword}`,
  }))
}

/** `value` checked against `schema`: the problems found, none when it matches. */
export function checkAgainst(schema: unknown, value: unknown): Problem[] {
  if (typeof schema !== 'object' || schema === null) return []
  const validate = compile(schema)
  if (typeof validate !== 'function') return [validate]
  return validate(value) ? [] : problems(validate.errors)
}

/** A tool result checked against the tool's `outputSchema`. */
export function validateToolOutput(
  outputSchema: unknown,
  result: { structuredContent?: unknown; isError?: unknown },
): OutputValidation {
  if (result.structuredContent === undefined) {
    if (result.isError === true) return { valid: true }
    return {
      valid: false,
      errors: [{ path: '', message: 'the tool declares an outputSchema but returned no structuredContent' }],
    }
  }
  const found = checkAgainst(outputSchema, result.structuredContent)
  return found.length === 0 ? { valid: true } : { valid: false, errors: found }
}

export function checkElicitedContent(requestedSchema: unknown, content: unknown): Problem[] {
  return checkAgainst(requestedSchema, content)
}
