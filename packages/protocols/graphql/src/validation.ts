/**
 * Response validation for GraphQL: `data` checked against the operation's selection set and the schema's types (every
 * selected field present, nothing unselected, nullability, lists, scalars and enum values), and each reported error
 * listed where its `path` points. Types come from the discovered schema (graphql-js), the selection from the query
 * sent.
 */
import { Kind, getNamedType, isAbstractType, isEnumType, isListType, isNonNullType, isScalarType, parse } from 'graphql'
import type {
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLOutputType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql'
import type { PendingValidation, ResponseValidation, ResponseValidator, ValidationProblem } from '@wirebench/core'
import { collectSelected, fragmentApplies } from './selected-fields.js'
import type { SelectedField } from './selected-fields.js'
import { operationResponseSchema } from './validation-schema.js'

const maxProblems = 100

interface Walk {
  schema: GraphQLSchema
  fragments: Map<string, FragmentDefinitionNode>
  problems: ValidationProblem[]
  /** Pointers the server reported errors at: a null there is the error's consequence, not a second problem. */
  errorPointers: Set<string>
}

function escape(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1')
}

function add(walk: Walk, problem: ValidationProblem): void {
  if (walk.problems.length < maxProblems) walk.problems.push(problem)
}

function checkObject(
  walk: Walk,
  value: unknown,
  type: GraphQLCompositeType,
  selections: SelectionSetNode[],
  pointer: string,
): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    add(walk, { pointer, keyword: 'type', message: `must be an object (${type.name})` })
    return
  }
  const object = value as Record<string, unknown>
  const typename = typeof object['__typename'] === 'string' ? object['__typename'] : undefined
  const concrete = isAbstractType(type) ? typename : type.name
  if (typename !== undefined && isAbstractType(type) && !fragmentApplies(walk, type.name, typename)) {
    add(walk, { pointer: `${pointer}/__typename`, keyword: 'type', message: `${typename} is not a ${type.name}` })
  }
  const expected = new Map<string, SelectedField>()
  for (const selection of selections) collectSelected(walk, type, concrete, selection, true, expected)
  for (const [key, entry] of expected) {
    const at = `${pointer}/${escape(key)}`
    if (!Object.hasOwn(object, key)) {
      if (entry.isRequired)
        add(walk, { pointer, keyword: 'required', message: `must have the selected field '${key}'` })
      continue
    }
    if (entry.type) checkValue(walk, object[key], entry.type, entry.selections, at)
    else if (entry.name === '__typename' && typeof object[key] !== 'string') {
      add(walk, { pointer: at, keyword: 'type', message: 'must be a string (__typename)' })
    }
  }
  for (const key of Object.keys(object)) {
    if (!expected.has(key)) {
      add(walk, {
        pointer: `${pointer}/${escape(key)}`,
        keyword: 'additionalProperties',
        message: `'${key}' was not selected by the operation`,
      })
    }
  }
}

function checkScalar(walk: Walk, value: unknown, typeName: string, pointer: string): void {
  const fails = (expected: string) =>
    add(walk, { pointer, keyword: 'type', message: `must be ${expected} (${typeName})` })
  switch (typeName) {
    case 'Int':
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 2147483647)
        fails('a 32-bit integer')
      return
    case 'Float':
      if (typeof value !== 'number') fails('a number')
      return
    case 'String':
    case 'ID':
      if (typeof value !== 'string') fails('a string')
      return
    case 'Boolean':
      if (typeof value !== 'boolean') fails('a boolean')
      return
    default:
    // A custom scalar's serialization is the server's own business.
  }
}

function checkValue(
  walk: Walk,
  value: unknown,
  type: GraphQLOutputType,
  selections: SelectionSetNode[],
  pointer: string,
): void {
  if (isNonNullType(type)) {
    if (value === null) {
      if (!walk.errorPointers.has(pointer)) {
        add(walk, { pointer, keyword: 'nullable', message: `must not be null (${String(type)})` })
      }
      return
    }
    checkValue(walk, value, type.ofType, selections, pointer)
    return
  }
  if (value === null) return
  if (isListType(type)) {
    if (!Array.isArray(value)) {
      add(walk, { pointer, keyword: 'type', message: `must be a list (${String(type)})` })
      return
    }
    value.forEach((item, index) => checkValue(walk, item, type.ofType, selections, `${pointer}/${index}`))
    return
  }
  const named = getNamedType(type)
  if (isScalarType(named)) checkScalar(walk, value, named.name, pointer)
  else if (isEnumType(named)) {
    const names = named.getValues().map((v) => v.name)
    if (typeof value !== 'string' || !names.includes(value)) {
      add(walk, { pointer, keyword: 'enum', message: `must be one of ${named.name}: ${names.join(', ')}` })
    }
  } else checkObject(walk, value, named, selections, pointer)
}

function errorPointer(error: unknown): string | undefined {
  const path = typeof error === 'object' && error !== null ? (error as { path?: unknown }).path : undefined
  if (!Array.isArray(path) || path.length === 0) return undefined
  return `/data/${path.map((s) => escape(s as string | number)).join('/')}`
}

function operationOf(document: DocumentNode, name: string | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
  if (name === undefined) return operations.length === 1 ? operations[0] : undefined
  return operations.find((o) => o.name?.value === name)
}

/** The operation a request runs, with its fragments and the name results give it; undefined when it cannot be told. */
function readOperation(
  schema: GraphQLSchema,
  request: { query: string; operationName?: string | undefined },
):
  | { operation: OperationDefinitionNode; fragments: Map<string, FragmentDefinitionNode>; schemaName: string }
  | undefined {
  let document: DocumentNode
  try {
    document = parse(request.query)
  } catch {
    return undefined // the server said what is wrong with the text: its errors are the answer
  }
  const operation = operationOf(document, request.operationName)
  if (!operation || !schema.getRootType(operation.operation)) return undefined
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const schemaName = `${operation.operation} ${operation.name?.value ?? '(anonymous)'} against the endpoint's schema`
  return { operation, fragments, schemaName }
}

/** The errors the server reported, each where its `path` points (beside the data) or at its place in `errors`. */
function reportErrors(walk: Walk, response: Record<string, unknown>): unknown[] {
  const errors = Array.isArray(response['errors']) ? (response['errors'] as unknown[]) : []
  errors.forEach((error, index) => {
    const at = errorPointer(error)
    if (at !== undefined) walk.errorPointers.add(at)
    const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined
    add(walk, {
      pointer: at !== undefined && response['data'] ? at : `/errors/${index}`,
      keyword: 'graphql',
      message: `the server reported: ${typeof message === 'string' ? message : JSON.stringify(error)}`,
    })
  })
  return errors
}

/** The GraphQL response `body` checked against the operation `query` (named `operationName`) of `schema`. */
export function validateGraphqlResponse(
  schema: GraphQLSchema,
  request: { query: string; operationName?: string | undefined },
  body: unknown,
): ResponseValidation | undefined {
  const read = readOperation(schema, request)
  if (!read) return undefined
  const { operation, fragments, schemaName } = read
  const root = schema.getRootType(operation.operation)!
  const walk: Walk = { schema, fragments, problems: [], errorPointers: new Set() }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      valid: false,
      schema: schemaName,
      problems: [{ pointer: '', keyword: 'type', message: 'must be an object with data or errors' }],
    }
  }
  const response = body as Record<string, unknown>
  const errors = reportErrors(walk, response)
  const data = response['data']
  if (data !== null && data !== undefined) checkObject(walk, data, root, [operation.selectionSet], '/data')
  else if (errors.length === 0) add(walk, { pointer: '', keyword: 'required', message: 'must have data or errors' })
  return { valid: walk.problems.length === 0, schema: schemaName, problems: walk.problems }
}

/** Response schemas built per endpoint schema and operation text (the worker compiles each key once). */
const jobSchemas = new WeakMap<GraphQLSchema, Map<string, { key: string; schema: Record<string, unknown> }>>()
let nextSchemaId = 1

/**
 * A large answer's check handed to the server's worker: `data` against the operation's response schema, with the
 * errors the server reported as the job's own problems. Undefined when it is better walked here: a body that is no
 * object or has no data (nothing to check at length), or errors with a `path` (a null there is their consequence,
 * which only the walk knows).
 */
export function submitGraphqlValidation(
  schema: GraphQLSchema,
  request: { query: string; operationName?: string | undefined },
  json: unknown,
  body: Uint8Array,
  validator: ResponseValidator,
): PendingValidation | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const response = json as Record<string, unknown>
  if (typeof response['data'] !== 'object' || response['data'] === null) return undefined
  const read = readOperation(schema, request)
  if (!read) return undefined
  const walk: Walk = { schema, fragments: read.fragments, problems: [], errorPointers: new Set() }
  reportErrors(walk, response)
  if (walk.errorPointers.size > 0) return undefined
  let bySource = jobSchemas.get(schema)
  if (!bySource)
    jobSchemas.set(schema, (bySource = new Map<string, { key: string; schema: Record<string, unknown> }>()))
  const source = `${request.operationName ?? ''}\u0000${request.query}`
  let built = bySource.get(source)
  if (!built) {
    const responseSchema = operationResponseSchema(schema, read.operation, read.fragments)
    if (!responseSchema) return undefined
    built = { key: `graphql:${nextSchemaId++}`, schema: responseSchema }
    // Bounded: an endpoint sees many operation texts over a session.
    if (bySource.size >= 64) bySource.delete(bySource.keys().next().value as string)
    bySource.set(source, built)
  }
  return validator.submit({ ...built, schemaName: read.schemaName, body, problems: walk.problems })
}
