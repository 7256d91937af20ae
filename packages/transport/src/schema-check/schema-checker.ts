/**
 * The JSON Schema (2020-12) checker for response bodies: the same code validates inline in a plugin and in the
 * server's validation worker, which runs `buildSchemaChecker`'s own source text (so it may use nothing but its
 * arguments and globals).
 */
import { createRequire } from 'node:module'
import type { ValidationProblem } from '@wirebench/core'

export interface SchemaChecker {
  /** `value` checked against `schema`, compiled once per `key`: the problems found, none when it matches. */
  check(key: string, schema: object, value: unknown): ValidationProblem[]
  /** True when the schema of `key` is compiled already (a caller may then leave the schema out of a job). */
  has(key: string): boolean
  /** Compiles `schema` under `key` without checking anything (ahead of the first answer). */
  prepare(key: string, schema: object): void
}

/** Absolute paths of the modules the checker loads (a worker resolves from elsewhere, so it is told). */
export interface CheckerModules {
  ajv2020: string
  formats: string
}

/** A body with more problems than this reports the first ones: a list nobody reads helps nobody. */
export const maxReportedProblems = 100

export function checkerModules(): CheckerModules {
  const require = createRequire(import.meta.url)
  return { ajv2020: require.resolve('ajv/dist/2020'), formats: require.resolve('ajv-formats') }
}

let inline: SchemaChecker | undefined

/** The checker of this thread, built on first use (Ajv loads only when a response is validated). */
export function schemaChecker(): SchemaChecker {
  inline ??= buildSchemaChecker(createRequire(import.meta.url), checkerModules(), maxReportedProblems)
  return inline
}

interface AjvError {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
}
interface AjvValidate {
  (value: unknown): boolean
  errors?: AjvError[] | null
}
interface AjvInstance {
  compile(schema: object): AjvValidate
  addFormat(name: string, format: { type: string; validate: (value: never) => boolean }): unknown
}

/** Self-contained on purpose (see the module comment): no import, no outer binding. */
export function buildSchemaChecker(
  load: (path: string) => unknown,
  modules: CheckerModules,
  maxProblems: number,
): SchemaChecker {
  const { Ajv2020 } = load(modules.ajv2020) as { Ajv2020: new (options: object) => AjvInstance }
  const addFormats = (load(modules.formats) as { default: (ajv: AjvInstance) => void }).default
  // Documents are written for many validators: unknown keywords and formats are tolerated, never fatal.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false, logger: false })
  addFormats(ajv)
  // OpenAPI's own formats: int32 is checked (its range is part of the contract); the others only name encodings.
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647,
  })
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) })
  for (const name of ['float', 'double']) ajv.addFormat(name, { type: 'number', validate: () => true })
  for (const name of ['byte', 'binary', 'password']) ajv.addFormat(name, { type: 'string', validate: () => true })

  const compiled = new Map<string, AjvValidate | ValidationProblem>()
  const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')

  const compile = (key: string, schema: object): AjvValidate | ValidationProblem => {
    const known = compiled.get(key)
    if (known) return known
    let result: AjvValidate | ValidationProblem
    try {
      result = ajv.compile(schema)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      result = { pointer: '', keyword: 'schema', message: `the schema itself cannot be used (${reason})` }
    }
    // Bounded: documents come and go; the oldest compiled schema is dropped first.
    if (compiled.size >= 512) compiled.delete(compiled.keys().next().value as string)
    compiled.set(key, result)
    return result
  }

  const toProblem = (error: AjvError): ValidationProblem => {
    const extra = error.params['additionalProperty'] ?? error.params['unevaluatedProperty']
    // An unexpected property is there to be pointed at; a missing one is not, so its object is.
    const pointer = typeof extra === 'string' ? `${error.instancePath}/${escape(extra)}` : error.instancePath
    let message = error.message ?? `fails ${error.keyword}`
    if (error.keyword === 'enum' && Array.isArray(error.params['allowedValues'])) {
      message = `${message}: ${(error.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    } else if (typeof extra === 'string') {
      message = `${message} '${extra}'`
    }
    return { pointer, message, keyword: error.keyword }
  }

  return {
    has: (key) => compiled.has(key),
    prepare(key, schema) {
      compile(key, schema)
    },
    check(key, schema, value) {
      const validate = compile(key, schema)
      if (typeof validate !== 'function') return [validate]
      if (validate(value)) return []
      const seen = new Set<string>()
      const problems: ValidationProblem[] = []
      for (const error of validate.errors ?? []) {
        // `if` only says its `then` failed; the `then` errors beside it say how.
        if (error.keyword === 'if') continue
        const problem = toProblem(error)
        const id = `${problem.pointer}\u0000${problem.message}`
        if (seen.has(id)) continue
        seen.add(id)
        problems.push(problem)
        if (problems.length >= maxProblems) break
      }
      return problems
    },
  }
}
