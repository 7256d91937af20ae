/**
 * The validator of workbench routes: Ajv that rejects (never strips or coerces) what the schema does not allow,
 * independent of the host app's Ajv settings when the workbench is embedded.
 */
import { Ajv } from 'ajv'
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'

/** What Fastify reads of a validator: the verdict, then `errors` when it is false. */
interface RouteValidator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false })
  // Each schema compiles on its route's first request, not at start-up: compiling all of them cost more than the rest
  // of `GET /`'s path, and most sessions use a few routes. Nothing is coerced or defaulted, so no parent data is needed.
  return ({ schema }) => {
    let compiled: ValidateFunction | undefined
    const validate: RouteValidator = (data) => {
      compiled ??= ajv.compile(schema as object)
      const valid = compiled(data)
      validate.errors = compiled.errors
      return valid
    }
    return validate
  }
}
