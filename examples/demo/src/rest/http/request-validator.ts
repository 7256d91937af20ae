/** Validates requests against the OpenAPI document itself, so the handlers cannot drift from what the document says. */
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyRequest } from 'fastify'
import type { OpenApiDocument, ParameterObject, Reference, RequestBodyObject, SchemaObject } from '../openapi/types.js'
import type { ErrorDetail } from './http-error.js'
import { HttpError } from './http-error.js'
import { multipartAsObject, readMultipartBody } from './multipart-body.js'

/** Base URI under which the document is registered with Ajv; `$ref`s into it resolve against this. */
const documentUri = 'https://demo.wirebench.invalid/openapi.json'

type Location = ErrorDetail['location']
export type RequestValidator = (request: FastifyRequest) => Promise<void>

function pointer(segments: string[]): string {
  return '#/' + segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')
}

function lookup(document: OpenApiDocument, fragment: string): unknown {
  let node: unknown = document
  for (const raw of fragment.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    node = (node as Record<string, unknown> | undefined)?.[key]
  }
  if (node === undefined) throw new Error(`Dangling reference ${fragment}`)
  return node
}

/** Follows a local `$ref` and returns the target with the pointer it lives at, so schemas can be referenced in place. */
function resolve<T>(document: OpenApiDocument, value: T | Reference, at: string): { value: T; at: string } {
  if (typeof value === 'object' && value !== null && '$ref' in value) {
    return { value: lookup(document, value.$ref) as T, at: value.$ref }
  }
  return { value, at }
}

/**
 * A parameter's schema by reference, with its `default` hoisted: Ajv only applies defaults written directly
 * in `properties`, never through a `$ref`.
 */
function propertySchema(document: OpenApiDocument, parameter: ParameterObject, fragment: string): object {
  const schema = resolve<SchemaObject>(document, parameter.schema, fragment).value
  const reference = { $ref: documentUri + fragment }
  return schema.default === undefined ? reference : { ...reference, default: schema.default }
}

function toDetails(location: Location, errors: ErrorObject[] | null | undefined): ErrorDetail[] {
  return (errors ?? []).map((error) => {
    // Ajv reports a missing or unexpected property at its parent; name the property itself.
    const params = error.params as Record<string, unknown>
    const property = params['missingProperty'] ?? params['additionalProperty']
    const suffix = typeof property === 'string' ? `/${property}` : ''
    return { location, path: error.instancePath + suffix || '/', message: error.message ?? 'is invalid' }
  })
}

export type RequestValidatorFactory = (path: string, method: string) => RequestValidator

const factories = new WeakMap<OpenApiDocument, RequestValidatorFactory>()

/**
 * Validators for every operation of a document, compiled once per process and shared by every app built from it:
 * compiling the whole document takes a few hundred milliseconds, and tests build many apps.
 */
export function requestValidatorsFor(document: OpenApiDocument): RequestValidatorFactory {
  let factory = factories.get(document)
  if (factory === undefined) {
    const compiled = new Map<string, RequestValidator>()
    const compile = createRequestValidators(document)
    factory = (path, method) => {
      const key = `${method} ${path}`
      const validator = compiled.get(key) ?? compile(path, method)
      compiled.set(key, validator)
      return validator
    }
    factories.set(document, factory)
  }
  return factory
}

function createRequestValidators(document: OpenApiDocument): RequestValidatorFactory {
  // Parameters and form fields arrive as strings, so they are coerced; JSON bodies must already have the right types.
  // Only parameters get defaults filled in: a default written into a PATCH body would change the resource.
  const parametersAjv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: 'array', useDefaults: true })
  const formAjv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: 'array' })
  const jsonAjv = new Ajv2020({ strict: false, allErrors: true })
  for (const ajv of [parametersAjv, formAjv, jsonAjv]) {
    addFormats.default(ajv)
    ajv.addFormat('binary', true)
    ajv.addSchema(document, documentUri)
  }
  const at = (fragment: string): { $ref: string } => ({ $ref: documentUri + fragment })

  return (path, method) => {
    const item = document.paths[path]
    const operation = item?.[method as 'get']
    if (item === undefined || operation === undefined) throw new Error(`No operation ${method} ${path} in the document`)

    const parameters = new Map<string, { value: ParameterObject; at: string }>()
    const collect = (list: (ParameterObject | Reference)[] | undefined, base: string[]): void =>
      list?.forEach((entry, index) => {
        const parameter = resolve(document, entry, pointer([...base, 'parameters', String(index)]))
        parameters.set(`${parameter.value.in}:${parameter.value.name}`, parameter)
      })
    collect(item.parameters, ['paths', path])
    collect(operation.parameters, ['paths', path, method])

    const parameterValidators = (['path', 'query', 'header'] as const).map((location) => {
      const own = [...parameters.values()].filter((p) => p.value.in === location)
      // Node lower-cases header names, so the schema must too.
      const key = (p: ParameterObject): string => (location === 'header' ? p.name.toLowerCase() : p.name)
      const schema = {
        type: 'object',
        properties: Object.fromEntries(
          own.map((p) => [key(p.value), propertySchema(document, p.value, `${p.at}/schema`)]),
        ),
        required: own.filter((p) => p.value.required === true).map((p) => key(p.value)),
      }
      return { location, validate: parametersAjv.compile(schema) }
    })

    const body = operation.requestBody
      ? resolve<RequestBodyObject>(document, operation.requestBody, pointer(['paths', path, method, 'requestBody']))
      : undefined
    const bodyValidators = new Map<string, ValidateFunction>()
    for (const mediaType of Object.keys(body?.value.content ?? {})) {
      const ajv = mediaType === 'application/json' ? jsonAjv : formAjv
      bodyValidators.set(mediaType, ajv.compile(at(`${body?.at}/content/${pointer([mediaType]).slice(2)}/schema`)))
    }

    return async (request) => {
      const parts: Record<Exclude<Location, 'body'>, unknown> = {
        path: request.params,
        query: request.query,
        header: request.headers,
      }
      const details = parameterValidators.flatMap(({ location, validate }) =>
        validate(parts[location]) ? [] : toDetails(location, validate.errors),
      )
      if (details.length > 0) {
        throw new HttpError({ status: 400, code: 'invalid_parameters', message: 'Invalid parameters.', details })
      }
      if (body === undefined) return
      await validateBody(request, body.value, bodyValidators)
    }
  }
}

async function validateBody(
  request: FastifyRequest,
  body: RequestBodyObject,
  validators: Map<string, ValidateFunction>,
): Promise<void> {
  const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (contentType === undefined) {
    if (body.required === true)
      throw new HttpError({ status: 400, code: 'missing_body', message: 'A body is required.' })
    return
  }
  const validate = validators.get(contentType)
  if (validate === undefined) {
    throw new HttpError({
      status: 415,
      code: 'unsupported_media_type',
      message: `Send one of: ${[...validators.keys()].join(', ')}.`,
    })
  }
  let candidate: unknown = request.body
  if (contentType === 'multipart/form-data') {
    const multipart = await readMultipartBody(request)
    request.body = multipart
    candidate = multipartAsObject(multipart)
  }
  if (!validate(candidate)) {
    const details = toDetails('body', validate.errors)
    throw new HttpError({
      status: 422,
      code: 'validation_failed',
      message: 'The body does not match the schema.',
      details,
    })
  }
}
