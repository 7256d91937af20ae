/**
 * The validator of workbench routes: Ajv that rejects (never strips or coerces) what the schema does not allow,
 * independent of the host app's Ajv settings when the workbench is embedded.
 */
import { Ajv } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false })
  return ({ schema }) => ajv.compile(schema as object)
}
