/**
 * Validation of the `assertions` array of a saved request file: the workspace store refuses a file whose assertions
 * it cannot evaluate, naming the entry and what to write, and the UI's editor checks each row the same way.
 */
import { parseChainPath } from '../variables/chain.js'
import { unsafePatternProblem } from './safe-pattern.js'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isStatusValue(value: unknown): value is number | string {
  return (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && value !== '')
}

/** Undefined when `source` compiles as a regular expression, else the engine's complaint. */
export function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

const operators = {
  json: ['equals', 'matches', 'exists'],
  header: ['equals', 'matches', 'exists'],
} as const

function checkOperator(entry: Record<string, unknown>, type: 'json' | 'header'): string | undefined {
  const present = operators[type].filter((key) => entry[key] !== undefined)
  if (present.length !== 1) return `needs exactly one of "equals", "matches", "exists" (found ${present.length})`
  const [operator] = present
  if (operator === 'matches') {
    if (typeof entry.matches !== 'string') return '"matches" must be a regular expression written as a string'
    const problem = regexProblem(entry.matches)
    if (problem) return `"matches" is not a regular expression: ${problem}`
    const unsafe = unsafePatternProblem(entry.matches)
    return unsafe ? `"matches" is refused: ${unsafe}` : undefined
  }
  if (operator === 'exists' && typeof entry.exists !== 'boolean') return '"exists" must be true or false'
  if (operator === 'equals' && type === 'header' && typeof entry.equals !== 'string') {
    return '"equals" of a header must be a string'
  }
  return undefined
}

/** Why one assertion cannot be evaluated, or undefined when it can. */
export function assertionProblem(entry: unknown): string | undefined {
  if (!isRecord(entry)) return 'must be an object with a "type"'
  switch (entry.type) {
    case 'status': {
      const hasIs = entry.is !== undefined
      const hasIn = entry.in !== undefined
      if (hasIs === hasIn) return 'a "status" assertion needs "is" or "in" (one of them)'
      if (hasIs && !isStatusValue(entry.is)) return '"is" must be a status code (200), a class ("2xx") or a name ("OK")'
      if (hasIn && !(Array.isArray(entry.in) && entry.in.length > 0 && entry.in.every(isStatusValue))) {
        return '"in" must be a non-empty list of status codes, classes or names'
      }
      return undefined
    }
    case 'json':
      if (typeof entry.path !== 'string' || parseChainPath(entry.path) === undefined) {
        return '"path" must be a dotted path into the body ("data.items.0.id"; "" is the whole body)'
      }
      return checkOperator(entry, 'json')
    case 'header':
      if (typeof entry.name !== 'string' || entry.name.trim() === '') return '"name" must be a header name'
      return checkOperator(entry, 'header')
    case 'latency':
      if (typeof entry.below !== 'number' || !(entry.below > 0)) return '"below" must be a number of milliseconds'
      return undefined
    case 'schema-valid':
      return undefined
    default:
      return `"type" must be "status", "json", "header", "latency" or "schema-valid" (found ${JSON.stringify(entry.type) ?? 'nothing'})`
  }
}

/** Why an `assertions` value cannot be used, naming the entry, or undefined when it can. */
export function assertionsProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) return '"assertions" must be an array'
  for (const [index, entry] of value.entries()) {
    const problem = assertionProblem(entry)
    if (problem) return `"assertions[${index}]": ${problem}`
  }
  return undefined
}
