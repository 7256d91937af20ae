/**
 * The JSON Schema (2020-12) checker for response bodies: the same code validates inline in a plugin and in the
 * server's validation worker, which runs `buildSchemaChecker`'s own source text (so it may use nothing but its
 * arguments and globals).
 */
import { createRequire } from 'node:module'
import type { ValidationProblem } from '@wirebench/core'
import { guardSchemaPatterns } from './guard-patterns.js'

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
  if (inline) return inline
  const built = buildSchemaChecker(createRequire(import.meta.url), checkerModules(), maxReportedProblems)
  // Patterns that could backtrack for minutes are set aside before compiling, here and in the server's worker.
  inline = {
    has: (key) => built.has(key),
    check: (key, schema, value) => built.check(key, built.has(key) ? schema : guardSchemaPatterns(schema), value),
    prepare: (key, schema) => built.prepare(key, guardSchemaPatterns(schema)),
  }
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
  opts: { unevaluated?: boolean }
  compile(schema: object): AjvValidate
  removeSchema(schema: object): unknown
  addFormat(name: string, format: { type: string; validate: (value: never) => boolean }): unknown
  addKeyword(definition: {
    keyword: string
    schemaType: string
    errors: boolean
    validate: (value: string, data: unknown, parent: unknown, context?: { instancePath: string }) => boolean
  }): unknown
}
type LazyReference = ((
  value: string,
  data: unknown,
  parent: unknown,
  context?: { instancePath: string },
) => boolean) & { errors?: AjvError[] | null }

/** Self-contained on purpose (see the module comment): no import, no outer binding. */
export function buildSchemaChecker(
  load: (path: string) => unknown,
  modules: CheckerModules,
  maxProblems: number,
): SchemaChecker {
  const { Ajv2020 } = load(modules.ajv2020) as { Ajv2020: new (options: object) => AjvInstance }
  const addFormats = (load(modules.formats) as { default: (ajv: AjvInstance) => void }).default
  const newAjv = (): AjvInstance => {
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
    return ajv
  }

  /*
   * Two ways to compile. A response schema of a large document reaches hundreds of `$defs` (Stripe's charge list:
   * 411, ~0.6 MB), and compiling them all took about a second before the first answer could be checked. Where the
   * schema allows it, each `#/$defs/<name>` reference is instead a keyword that compiles its definition the first
   * time a value reaches it, so a check compiles only what its body exercises. That needs the definitions to stand
   * alone: every reference points into the root's `$defs`, and nothing depends on what a reference evaluated
   * (`unevaluated*`) or on dynamic scope (`$dynamicRef`, `$id`, anchors); any other schema compiles whole.
   */
  const lazyKeyword = 'x-wirebench-lazy-ref'
  const notSchemas = new Set(['enum', 'const', 'default', 'examples', 'example'])
  const scopeKeys = new Set([
    'unevaluatedProperties',
    'unevaluatedItems',
    '$dynamicRef',
    '$dynamicAnchor',
    '$recursiveRef',
    '$recursiveAnchor',
    '$id',
    '$anchor',
  ])
  const defName = (ref: string, defs: Record<string, unknown>): string | undefined => {
    const name = ref.startsWith('#/$defs/') ? ref.slice(8) : undefined
    return name !== undefined && !/[/~%]/.test(name) && Object.hasOwn(defs, name) ? name : undefined
  }
  const canDefer = (node: unknown, defs: Record<string, unknown>): boolean => {
    if (Array.isArray(node)) return node.every((item) => canDefer(item, defs))
    if (node === null || typeof node !== 'object') return true
    for (const [key, value] of Object.entries(node)) {
      if (notSchemas.has(key)) continue
      if (scopeKeys.has(key)) return false
      if (key === '$ref' && typeof value === 'string' && defName(value, defs) === undefined) return false
      if (!canDefer(value, defs)) return false
    }
    return true
  }
  const defer = (node: unknown, table: number): unknown => {
    if (Array.isArray(node)) return node.map((item) => defer(item, table))
    if (node === null || typeof node !== 'object') return node
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out[lazyKeyword] = `${table}/${value.slice(8)}`
      else out[key] = notSchemas.has(key) ? value : defer(value, table)
    }
    return out
  }

  interface Definition {
    schema: object
    validate?: AjvValidate
    broken?: string
  }
  interface Compiled {
    validate: AjvValidate | ValidationProblem
    /** Schema objects handed to Ajv, removed from its cache when this is dropped. */
    owned: { ajv: AjvInstance; schemas: object[] }
    table?: number
  }
  let wholeAjv: AjvInstance | undefined
  let lazyAjv: AjvInstance | undefined
  const tables = new Map<number, Map<string, Definition>>()
  let nextTable = 1
  const reachLazy = () => {
    const ajv = newAjv()
    // Without `unevaluated*` nothing needs a passing branch's evaluated names, so `anyOf` may stop at the first
    // branch that passes instead of trying (and compiling) every one.
    ajv.opts.unevaluated = false
    const reach: LazyReference = (value, data, _parent, context) => {
      const slash = value.indexOf('/')
      const table = tables.get(Number(value.slice(0, slash)))
      const definition = table?.get(value.slice(slash + 1))
      const at = context?.instancePath ?? ''
      if (definition === undefined) return true // its schema was dropped meanwhile: nothing left to check against
      if (definition.validate === undefined && definition.broken === undefined) {
        try {
          definition.validate = ajv.compile(definition.schema)
        } catch (error) {
          definition.broken = error instanceof Error ? error.message : String(error)
        }
      }
      if (definition.validate === undefined) {
        const message = `the schema itself cannot be used (${definition.broken ?? 'unknown'})`
        reach.errors = [{ keyword: 'schema', instancePath: at, message, params: {} }]
        return false
      }
      if (definition.validate(data)) return true
      reach.errors = (definition.validate.errors ?? []).map((e) => ({ ...e, instancePath: at + e.instancePath }))
      return false
    }
    ajv.addKeyword({ keyword: lazyKeyword, schemaType: 'string', errors: true, validate: reach })
    lazyAjv = ajv
    return ajv
  }

  const compiled = new Map<string, Compiled>()
  const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')
  const unusable = (error: unknown): ValidationProblem => {
    const reason = error instanceof Error ? error.message : String(error)
    return { pointer: '', keyword: 'schema', message: `the schema itself cannot be used (${reason})` }
  }

  const build = (schema: object): Compiled => {
    const found = (schema as { $defs?: unknown }).$defs
    const defs =
      found !== null && typeof found === 'object' && !Array.isArray(found)
        ? (found as Record<string, unknown>)
        : undefined
    if (defs !== undefined && canDefer(schema, defs)) {
      const ajv = lazyAjv ?? reachLazy()
      const id = nextTable++
      const table = new Map<string, Definition>()
      for (const [name, def] of Object.entries(defs)) table.set(name, { schema: defer(def, id) as object })
      tables.set(id, table)
      const { $defs: _defs, ...top } = schema as Record<string, unknown>
      const root = defer(top, id) as object
      const owned = { ajv, schemas: [root] }
      try {
        return { validate: ajv.compile(root), owned, table: id }
      } catch (error) {
        return { validate: unusable(error), owned, table: id }
      }
    }
    wholeAjv ??= newAjv()
    const owned = { ajv: wholeAjv, schemas: [schema] }
    try {
      return { validate: wholeAjv.compile(schema), owned }
    } catch (error) {
      return { validate: unusable(error), owned }
    }
  }

  const drop = (entry: Compiled): void => {
    const schemas = [...entry.owned.schemas]
    if (entry.table !== undefined) {
      for (const definition of tables.get(entry.table)?.values() ?? []) {
        if (definition.validate) schemas.push(definition.schema)
      }
      tables.delete(entry.table)
    }
    // Ajv keeps every compiled schema by identity; forgetting ours is what bounds the memory.
    for (const schema of schemas) entry.owned.ajv.removeSchema(schema)
  }

  const compile = (key: string, schema: object): AjvValidate | ValidationProblem => {
    const known = compiled.get(key)
    if (known) return known.validate
    const entry = build(schema)
    // Bounded: documents come and go; the oldest compiled schema is dropped first.
    if (compiled.size >= 512) {
      const oldest = compiled.keys().next().value as string
      drop(compiled.get(oldest) as Compiled)
      compiled.delete(oldest)
    }
    compiled.set(key, entry)
    return entry.validate
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
