/**
 * Evaluates a saved request's assertions against one response, the same way in the UI (beside the response) and in
 * `wirebench call --request` (its exit code). Pure data in, results out: nothing here runs code from a file.
 */
import type { InvokeResult } from '../model/wire.js'
import type { SavedAssertion } from '../model/saved-request.js'
import { parseChainPath, readResponsePath } from '../variables/chain.js'
import { assertionProblem } from './check-assertions.js'
import { guardedTest } from './safe-pattern.js'

/** The schema check of a response, as far as the evaluator needs it. */
export interface ValidationSummary {
  valid: boolean
  problems?: ReadonlyArray<{ pointer?: string; path?: string; message: string }>
}

/** What assertions look at. */
export interface AssertionSubject {
  /** HTTP status for HTTP-based protocols, else the status name. */
  status: number | string
  /** The status name (`OK`, `NotFound`), which `status` assertions may name as well. */
  statusName?: string
  headers: Readonly<Record<string, string>>
  body: unknown
  /** What `latency` assertions compare; undefined when what it times never came (a stream without a message). */
  durationMs: number | undefined
  /** What `durationMs` times, for the messages (`the first frame`); the whole response when absent. */
  latencyOf?: string
  /** Absent when the response was not validated: `schema-valid` then reports `not-validated`. */
  validation?: ValidationSummary
  /** Why nothing was validated, when the subject knows (`schema-valid` says it). */
  notValidatedReason?: string
}

/** `not-validated`: a `schema-valid` assertion on a response nothing checked, which proves nothing either way. */
export type AssertionOutcome = 'pass' | 'fail' | 'not-validated'

export interface AssertionResult {
  assertion: SavedAssertion
  /** The assertion in words (`status is 200`). */
  label: string
  outcome: AssertionOutcome
  /** Why it failed, or what was seen when it passed. */
  message: string
}

/** A unary result as assertions see it; `validation` is read when the result carries one. */
export function assertionSubjectOf(result: InvokeResult & { validation?: ValidationSummary }): AssertionSubject {
  const http = Number(result.metadata['http_status'])
  const validation =
    result.validation ??
    (result.outputValidation
      ? { valid: result.outputValidation.valid, problems: result.outputValidation.errors ?? [] }
      : undefined)
  return {
    status: Number.isInteger(http) && http > 0 ? http : result.status,
    statusName: result.status,
    headers: result.metadata,
    body: result.response,
    durationMs: result.durationMs,
    ...(validation ? { validation } : {}),
  }
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value) ?? typeof value
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}

/** `describeAssertion({type: 'status', is: 200})` is `status is 200`. */
export function describeAssertion(assertion: SavedAssertion): string {
  switch (assertion.type) {
    case 'status':
      return 'is' in assertion ? `status is ${assertion.is}` : `status in ${assertion.in.join(', ')}`
    case 'json': {
      const where = assertion.path === '' ? 'body' : assertion.path
      if ('equals' in assertion) return `${where} equals ${show(assertion.equals)}`
      if ('matches' in assertion) return `${where} matches /${assertion.matches}/`
      return assertion.exists ? `${where} exists` : `${where} is absent`
    }
    case 'header':
      if ('equals' in assertion) return `header ${assertion.name} equals ${show(assertion.equals)}`
      if ('matches' in assertion) return `header ${assertion.name} matches /${assertion.matches}/`
      return assertion.exists ? `header ${assertion.name} exists` : `header ${assertion.name} is absent`
    case 'latency':
      return `latency below ${assertion.below} ms`
    case 'schema-valid':
      return 'schema-valid'
  }
}

function statusMatches(expected: number | string, subject: AssertionSubject): boolean {
  const text = String(expected)
  const classMatch = /^([1-5])xx$/i.exec(text)
  if (classMatch && typeof subject.status === 'number') return String(subject.status).startsWith(classMatch[1] ?? '')
  return text === String(subject.status) || text === subject.statusName
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return false
  return aKeys.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
}

function headerValue(subject: AssertionSubject, name: string): string | undefined {
  const wanted = name.trim().toLowerCase()
  for (const [key, value] of Object.entries(subject.headers)) if (key.toLowerCase() === wanted) return value
  return undefined
}

type Verdict = Pick<AssertionResult, 'outcome' | 'message'>

const pass = (message: string): Verdict => ({ outcome: 'pass', message })
const fail = (message: string): Verdict => ({ outcome: 'fail', message })

function compare(
  assertion: { equals: unknown } | { matches: string } | { exists: boolean },
  found: unknown,
  what: string,
): Verdict {
  if ('exists' in assertion) {
    const exists = found !== undefined
    if (exists === assertion.exists) return pass(exists ? `${what} is ${show(found)}` : `no ${what}`)
    return fail(exists ? `${what} is present: ${show(found)}` : `no ${what} in the response`)
  }
  if (found === undefined) return fail(`no ${what} in the response`)
  if ('matches' in assertion) {
    const verdict = guardedTest(assertion.matches, asText(found))
    if ('refused' in verdict) return fail(`${what} not matched: ${verdict.refused}`)
    return verdict.matched ? pass(`${what} is ${show(found)}`) : fail(`${what} is ${show(found)}, which does not match`)
  }
  return deepEqual(found, assertion.equals)
    ? pass(`${what} is ${show(found)}`)
    : fail(`${what} is ${show(found)}, expected ${show(assertion.equals)}`)
}

function verdictOf(assertion: SavedAssertion, subject: AssertionSubject): Verdict {
  switch (assertion.type) {
    case 'status': {
      const expected = 'is' in assertion ? [assertion.is] : assertion.in
      const seen = `status ${subject.status}${subject.statusName && subject.statusName !== String(subject.status) ? ` (${subject.statusName})` : ''}`
      return expected.some((value) => statusMatches(value, subject)) ? pass(seen) : fail(seen)
    }
    case 'json': {
      const path = parseChainPath(assertion.path) ?? []
      const found = readResponsePath({ body: subject.body }, ['body', ...path])
      return compare(assertion, found, assertion.path === '' ? 'the body' : assertion.path)
    }
    case 'header':
      return compare(assertion, headerValue(subject, assertion.name), `header ${assertion.name}`)
    case 'latency': {
      const what = subject.latencyOf === undefined ? '' : ` to ${subject.latencyOf}`
      if (subject.durationMs === undefined) return fail(`no time${what}: it never came`)
      return subject.durationMs < assertion.below
        ? pass(`took ${subject.durationMs} ms${what}`)
        : fail(`took ${subject.durationMs} ms${what}, not below ${assertion.below} ms`)
    }
    case 'schema-valid': {
      const validation = subject.validation
      if (!validation) {
        const message = subject.notValidatedReason ?? 'the response was not validated against a schema'
        return { outcome: 'not-validated', message }
      }
      if (validation.valid) return pass('the response matches its schema')
      const problems = validation.problems ?? []
      const first = problems
        .slice(0, 3)
        .map((problem) => `${problem.pointer ?? problem.path ?? ''} ${problem.message}`.trim())
      return fail(`${problems.length} schema problem${problems.length === 1 ? '' : 's'}: ${first.join('; ')}`)
    }
  }
}

/** Evaluates each assertion in order; one that is malformed fails with the reason instead of throwing. */
export function evaluateAssertions(
  assertions: readonly SavedAssertion[],
  subject: AssertionSubject,
): AssertionResult[] {
  return assertions.map((assertion) => {
    const problem = assertionProblem(assertion)
    if (problem)
      return { assertion, label: String((assertion as { type?: unknown }).type), outcome: 'fail', message: problem }
    return { assertion, label: describeAssertion(assertion), ...verdictOf(assertion, subject) }
  })
}

/** True when every assertion passed (`not-validated` is not a pass: it proves nothing). */
export function assertionsPassed(results: readonly AssertionResult[]): boolean {
  return results.every((result) => result.outcome === 'pass')
}
