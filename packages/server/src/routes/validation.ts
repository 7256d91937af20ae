/**
 * The validator of workbench routes: Ajv that rejects (never strips or coerces) what the schema does not allow,
 * independent of the host app's Ajv settings when the workbench is embedded.
 */
import { createRequire } from 'node:module'
import type * as AjvModule from 'ajv'
import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'

/** What Fastify reads of a validator: the verdict, then `errors` when it is false. */
interface RouteValidator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}

let ajvClass: typeof Ajv | undefined

/**
 * A new Ajv; the module is required on the first call (compiling is synchronous, so it cannot be a dynamic import),
 * which keeps its ~80 files off the start-up path.
 */
export function createAjv(options: Options): Ajv {
  ajvClass ??= (createRequire(import.meta.url)('ajv') as typeof AjvModule).Ajv
  return new ajvClass(options)
}

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  let ajv: Ajv | undefined
  // Each schema compiles on its route's first request, not at start-up: compiling all of them cost more than the rest
  // of `GET /`'s path, and most sessions use a few routes. Nothing is coerced or defaulted, so no parent data is needed.
  return ({ schema }) => {
    let compiled: ValidateFunction | undefined
    const validate: RouteValidator = (data) => {
      // The route schemas are the workbench's own (checked by its tests): checking each against the JSON Schema
      // meta-schema first would compile that too, the larger part of the page's first validated request.
      ajv ??= createAjv({
        allErrors: true,
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
        validateSchema: false,
      })
      compiled ??= ajv.compile(schema as object)
      const valid = compiled(data)
      validate.errors = compiled.errors
      return valid
    }
    return validate
  }
}
