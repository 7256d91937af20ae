/**
 * Keeps a service's document from hanging the workbench through its schemas' regular expressions: a `pattern` or a
 * `patternProperties` key such as `^(a+)+$` backtracks for minutes on a 30-character string in JavaScript's engine,
 * and documents come from servers nobody here controls. Before a schema is compiled, each pattern the assertion
 * guard would refuse is moved to a keyword no validator reads, so the rest of the schema is still checked.
 */
import { unsafePatternProblem } from '@wirebench/core'

/** Where an unchecked `pattern` is kept (a reader of the compiled schema can still see what was skipped). */
export const uncheckedPatternKeyword = 'x-wirebench-unchecked-pattern'
/** Where unchecked `patternProperties` entries (and the keywords that depended on them) are kept. */
export const uncheckedPatternPropertiesKeyword = 'x-wirebench-unchecked-patternProperties'

/** Values that are data, not schemas: a `pattern` string inside them is not a keyword. */
const dataKeywords = new Set(['enum', 'const', 'default', 'examples', 'example'])

/** True when `source` compiles and the guard finds it safe to run against response data. */
function isSafe(source: string): boolean {
  try {
    new RegExp(source, 'u')
  } catch {
    // Ajv reports a pattern that does not compile on its own; nothing can hang.
    return true
  }
  return unsafePatternProblem(source) === undefined
}

function guardObject(schema: Record<string, unknown>, seen: Map<object, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  const setAside = new Set<string>()
  const write = (key: string, value: unknown): void => {
    copy ??= { ...schema }
    copy[key] = value
  }
  for (const [key, value] of Object.entries(schema)) {
    if (dataKeywords.has(key) || setAside.has(key)) continue
    if (key === 'pattern' && typeof value === 'string' && !isSafe(value)) {
      copy ??= { ...schema }
      delete copy['pattern']
      copy[uncheckedPatternKeyword] = value
      continue
    }
    if (key === 'patternProperties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value as Record<string, unknown>)
      const unsafe = entries.filter(([source]) => !isSafe(source))
      const kept = Object.fromEntries(
        entries.filter(([source]) => isSafe(source)).map(([source, inner]) => [source, guardValue(inner, seen)]),
      )
      if (unsafe.length > 0) {
        copy ??= { ...schema }
        const aside: Record<string, unknown> = { patternProperties: Object.fromEntries(unsafe) }
        // Names the skipped patterns would have admitted must not now count as additional (a false problem).
        for (const dependent of ['additionalProperties', 'unevaluatedProperties']) {
          if (dependent in copy) {
            aside[dependent] = copy[dependent]
            delete copy[dependent]
            setAside.add(dependent)
          }
        }
        copy[uncheckedPatternPropertiesKeyword] = aside
      }
      if (unsafe.length > 0 || entries.some(([source, inner]) => kept[source] !== inner)) write(key, kept)
      continue
    }
    const guarded = guardValue(value, seen)
    if (guarded !== value) write(key, guarded)
  }
  return copy ?? schema
}

function guardValue(value: unknown, seen: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value
  const known = seen.get(value)
  if (known !== undefined) return known
  // A cycle (documents bundled in memory may share objects) resolves to the original until its copy is done.
  seen.set(value, value)
  let result: unknown
  if (Array.isArray(value)) {
    const items = value.map((item) => guardValue(item, seen))
    result = items.some((item, index) => item !== value[index]) ? items : value
  } else {
    result = guardObject(value as Record<string, unknown>, seen)
  }
  seen.set(value, result)
  return result
}

/**
 * `schema` with every unsafe pattern set aside; the same object when it has none (the common case costs one walk
 * and no copy).
 */
export function guardSchemaPatterns<T extends object>(schema: T): T {
  return guardValue(schema, new Map()) as T
}
