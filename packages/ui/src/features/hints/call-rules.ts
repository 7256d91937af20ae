/**
 * The hint rules about one settled unary call: pure functions from what the page knows about the call to a hint or
 * nothing. The engine runs every rule on each settled call and replaces the tab's earlier hints of these kinds.
 */
import type { InvokeRequest, MethodInfo } from '@wirebench/core'
import { formatBytes, formatDuration } from '../../components/format.js'
import type { CallRecord } from '../../state/calls-store.js'
import type { Hint, HintKind } from './hint.js'

/** Over this many milliseconds (as the browser saw the call) a response counts as slow. */
export const slowResponseMs = 2000
/** Over this many body bytes a response counts as large. */
export const largeResponseBytes = 100 * 1024
/** This many failed calls of one tab in a row make a streak. */
export const errorStreakLength = 3

export interface CallFacts {
  /** The tab's draft key. */
  key: string
  request: Pick<InvokeRequest, 'protocol' | 'service' | 'method'>
  record: CallRecord
  /** The discovered method, when the catalog knows it. */
  method?: Pick<MethodInfo, 'deprecated' | 'deprecationReason'> | undefined
  /** The active environment, when one is: its name and whether it sends auth. */
  environment?: { name: string; hasAuth: boolean } | undefined
  /** Failed calls of this tab in a row, this one included (see `nextErrorStreak`). */
  errorStreak: number
  /**
   * The tab's response pane can show the Timing tab, Find and the validation problems (false for MCP and the live
   * views): hints offer those views only where their button would do something. Absent means it can.
   */
  canShowViews?: boolean
}

export type CallRule = (facts: CallFacts) => Hint | undefined

const methodName = (request: CallFacts['request']) =>
  request.service ? `${request.service}.${request.method}` : request.method

const hintOf = (kind: HintKind, facts: CallFacts, rest: Omit<Hint, 'id' | 'kind' | 'targetKey'>): Hint => ({
  id: `${kind}:${facts.key}`,
  kind,
  targetKey: facts.key,
  ...rest,
})

/** The HTTP status of a result (REST's `http_status`), else the nearest one its status name stands for. */
export function httpStatusOf(record: CallRecord): number | undefined {
  const result = record.result
  if (!result) return undefined
  const fromHeader = Number(result.metadata.http_status)
  if (Number.isInteger(fromHeader) && fromHeader > 0) return fromHeader
  if (result.status === 'Unauthenticated') return 401
  if (result.status === 'PermissionDenied') return 403
  return undefined
}

/** A call failed when the workbench could not make it or the target answered with anything but OK. */
export function isFailedCall(record: CallRecord): boolean {
  if (record.isCancelled) return false
  if (record.error) return true
  return record.result !== undefined && record.result.status !== 'OK'
}

/** The tab's streak after this call: one more on a failure, zero on a success; a cancelled call changes nothing. */
export function nextErrorStreak(previous: number, record: CallRecord): number {
  if (record.isCancelled) return previous
  return isFailedCall(record) ? previous + 1 : 0
}

export const slowResponse: CallRule = (facts) => {
  const { result, roundTripMs } = facts.record
  if (!result) return undefined
  const ms = roundTripMs ?? result.durationMs
  if (ms <= slowResponseMs) return undefined
  const hasTimings = result.timings !== undefined && facts.canShowViews !== false
  return hintOf('slow-response', facts, {
    title: `Slow response: ${formatDuration(ms)}`,
    detail: hasTimings
      ? `Over ${slowResponseMs / 1000} s. The Timing tab shows which phase took the time (DNS, connect, TLS, first byte).`
      : `Over ${slowResponseMs / 1000} s. The console lists this call's duration beside the others.`,
    actionLabel: hasTimings ? 'Show timing' : 'Open console',
    action: hasTimings ? { kind: 'show-response-view', view: 'timing' } : { kind: 'open-console' },
  })
}

export const largeResponse: CallRule = (facts) => {
  const size = facts.record.result?.sizeBytes
  // Its one action is Find; a pane without it has nothing to offer.
  if (size === undefined || size <= largeResponseBytes || facts.canShowViews === false) return undefined
  return hintOf('large-response', facts, {
    title: `Large response: ${formatBytes(size)}`,
    detail: `Over ${formatBytes(largeResponseBytes)}. Find searches the whole body, including rows not drawn yet.`,
    actionLabel: 'Find in body',
    action: { kind: 'show-response-view', view: 'find' },
  })
}

/** The streak hint of a tab, for unary calls and live calls alike. */
export function errorStreakHint(key: string, request: CallFacts['request'], streak: number): Hint | undefined {
  if (streak < errorStreakLength) return undefined
  return {
    id: `error-streak:${key}`,
    kind: 'error-streak',
    targetKey: key,
    title: `${streak} failed calls in a row`,
    detail: `${methodName(request)} failed ${streak} times running. The console shows each request beside its answer.`,
    actionLabel: 'Open console',
    action: { kind: 'open-console' },
  }
}

export const errorStreak: CallRule = (facts) => errorStreakHint(facts.key, facts.request, facts.errorStreak)

export const authRefused: CallRule = (facts) => {
  const status = httpStatusOf(facts.record)
  if (status !== 401 && status !== 403) return undefined
  const environment = facts.environment
  if (environment?.hasAuth) {
    return hintOf('auth-refused', facts, {
      title: `${status} with auth sent`,
      detail: `The server refused the credentials of “${environment.name}”: check the scheme, the token and the hosts it may go to.`,
      actionLabel: 'Open auth',
      action: { kind: 'open-auth' },
    })
  }
  return hintOf('auth-refused', facts, {
    title: `${status} without auth`,
    detail: environment
      ? `“${environment.name}” sends no auth. Add the scheme the server expects.`
      : 'No environment is active, so no credentials were sent. Add one with the scheme the server expects.',
    actionLabel: 'Add auth',
    action: { kind: 'open-auth' },
  })
}

export const undocumentedStatus: CallRule = (facts) => {
  const problem = facts.record.result?.validation?.problems.find((p) => p.keyword === 'status')
  if (!problem || facts.canShowViews === false) return undefined
  const status = httpStatusOf(facts.record)
  return hintOf('undocumented-status', facts, {
    title: status === undefined ? 'Undocumented status' : `Status ${status} is not in the schema`,
    detail: `${problem.message} Clients generated from the schema may not handle it.`,
    actionLabel: 'Show problems',
    action: { kind: 'show-response-view', view: 'validation' },
  })
}

export const deprecatedMethod: CallRule = (facts) => {
  if (!facts.method?.deprecated) return undefined
  const reason = facts.method.deprecationReason
  return hintOf('deprecated-method', facts, {
    title: `${facts.request.method} is deprecated`,
    detail: reason
      ? `The schema says: ${reason}`
      : 'The schema marks it deprecated: it may go away. Look for its replacement.',
    actionLabel: 'Search alternatives',
    action: { kind: 'search-methods', query: facts.request.service || facts.request.method },
  })
}

/** Every rule about a settled call, and the kinds they own (replaced on each call of the tab). */
export const callRules: readonly CallRule[] = [
  errorStreak,
  authRefused,
  undocumentedStatus,
  slowResponse,
  largeResponse,
  deprecatedMethod,
]
export const callRuleKinds: readonly HintKind[] = [
  'error-streak',
  'auth-refused',
  'undocumented-status',
  'slow-response',
  'large-response',
  'deprecated-method',
]

export function callHints(facts: CallFacts): Hint[] {
  return callRules.flatMap((rule) => rule(facts) ?? [])
}
