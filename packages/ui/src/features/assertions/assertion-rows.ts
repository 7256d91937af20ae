/**
 * The Assertions editor's rows and the saved assertions they stand for: one row per assertion, every part as the text
 * typed, so a half-typed value is never lost; `toAssertion` reads a row back (or says what is wrong with it).
 */
import { assertionProblem } from '@wirebench/core'
import type { SavedAssertion } from '@wirebench/core'

export type AssertionType = SavedAssertion['type']
export type AssertionOp = 'is' | 'in' | 'equals' | 'matches' | 'exists' | 'absent' | 'below' | 'valid'

export interface AssertionRow {
  type: AssertionType
  /** JSON path (`json`) or header name (`header`). */
  target: string
  op: AssertionOp
  /** The expected value as typed: a status or list of them, JSON (or plain text) for `equals`, a regex, milliseconds. */
  value: string
}

export const opsOf: Record<AssertionType, AssertionOp[]> = {
  status: ['is', 'in'],
  json: ['equals', 'matches', 'exists', 'absent'],
  header: ['equals', 'matches', 'exists', 'absent'],
  latency: ['below'],
  'schema-valid': ['valid'],
}

/** Protocols whose results carry an HTTP status; the others' status is a name (`OK`, `NotFound`). */
const httpStatusProtocols: ReadonlySet<string> = new Set(['rest', 'http', 'graphql', 'sse'])

/** A new row of a kind, its expected value the success of the request's protocol (`200`, else `OK`). */
export function newRow(type: AssertionType, protocol?: string): AssertionRow {
  const op = opsOf[type][0] ?? 'is'
  const success = protocol === undefined || httpStatusProtocols.has(protocol) ? '200' : 'OK'
  return { type, target: '', op, value: type === 'status' ? success : type === 'latency' ? '1000' : '' }
}

function statusValue(text: string): number | string {
  const trimmed = text.trim()
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed
}

/** `equals` of a JSON path takes JSON (`42`, `true`, `"x"`, `{…}`); text that is not JSON is a string. */
function jsonValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export function rowOf(assertion: SavedAssertion): AssertionRow {
  switch (assertion.type) {
    case 'status':
      return 'is' in assertion
        ? { type: 'status', target: '', op: 'is', value: String(assertion.is) }
        : { type: 'status', target: '', op: 'in', value: assertion.in.join(', ') }
    case 'json':
    case 'header': {
      const target = assertion.type === 'json' ? assertion.path : assertion.name
      if ('equals' in assertion) {
        const value = assertion.type === 'json' ? JSON.stringify(assertion.equals) : assertion.equals
        return { type: assertion.type, target, op: 'equals', value: value ?? '' }
      }
      if ('matches' in assertion) return { type: assertion.type, target, op: 'matches', value: assertion.matches }
      return { type: assertion.type, target, op: assertion.exists ? 'exists' : 'absent', value: '' }
    }
    case 'latency':
      return { type: 'latency', target: '', op: 'below', value: String(assertion.below) }
    case 'schema-valid':
      return { type: 'schema-valid', target: '', op: 'valid', value: '' }
  }
}

function build(row: AssertionRow): unknown {
  switch (row.type) {
    case 'status':
      return row.op === 'in'
        ? {
            type: 'status',
            in: row.value
              .split(',')
              .map(statusValue)
              .filter((v) => v !== ''),
          }
        : { type: 'status', is: statusValue(row.value) }
    case 'json':
    case 'header': {
      const where = row.type === 'json' ? { path: row.target.trim() } : { name: row.target.trim() }
      if (row.op === 'exists' || row.op === 'absent') return { type: row.type, ...where, exists: row.op === 'exists' }
      if (row.op === 'matches') return { type: row.type, ...where, matches: row.value }
      return { type: row.type, ...where, equals: row.type === 'json' ? jsonValue(row.value) : row.value }
    }
    case 'latency':
      return { type: 'latency', below: Number(row.value) }
    case 'schema-valid':
      return { type: 'schema-valid' }
  }
}

/** The saved assertion a row stands for, or why it cannot be saved. */
export function toAssertion(row: AssertionRow): { assertion: SavedAssertion } | { problem: string } {
  // An empty box is a value not typed yet, not the empty string (which is typed as `""`).
  if (row.op === 'equals' && row.value.trim() === '') {
    return {
      problem:
        row.type === 'json'
          ? 'Type the expected value: JSON (42, true, "text", {…}) or plain text; "" for an empty string.'
          : 'Type the expected header value.',
    }
  }
  const value = build(row)
  const problem = assertionProblem(value)
  return problem ? { problem } : { assertion: value as SavedAssertion }
}
