/**
 * Pass/fail of a saved request's assertions beside its response, evaluated by core's evaluator on each result the
 * tab receives, and beside a stream's or channel's live view as it goes (the same evaluation `wirebench call --request`
 * makes).
 */
import { assertionSubjectOf, evaluateAssertions } from '@wirebench/core'
import type { AssertionOutcome, AssertionResult, SavedAssertion } from '@wirebench/core'
import { useMemo, type ReactElement } from 'react'
import { useStore } from 'zustand'
import type { CallRecord } from '../../state/calls-store.js'
import type { LiveCallState } from '../../state/live-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { liveAssertionSubject } from './live-assertion-subject.js'
import '../../styles/assertions.css'

const outcomeText: Record<AssertionOutcome, string> = { pass: 'pass', fail: 'fail', 'not-validated': 'not validated' }

/** The assertions of the saved request a tab shows; undefined when it is no saved request or has none. */
function useSavedAssertions(draftKey: string): readonly SavedAssertion[] | undefined {
  const { tabs, workspace } = useWorkbench()
  const savedPath = useStore(tabs, (s) => s.tabs.find((tab) => tab.key === draftKey)?.savedPath)
  return useStore(workspace, (s) =>
    savedPath === undefined ? undefined : s.content?.requests.find((r) => r.path === savedPath)?.request.assertions,
  )
}

export function AssertionResults({ draftKey, record }: { draftKey: string; record: CallRecord }): ReactElement | null {
  const assertions = useSavedAssertions(draftKey)
  const { result } = record
  const results = useMemo(
    () =>
      result && assertions && assertions.length > 0 ? evaluateAssertions(assertions, assertionSubjectOf(result)) : [],
    [result, assertions],
  )
  return <AssertionList results={results} />
}

/** The same beside a stream's or channel's live view, re-evaluated as frames arrive and when the call ends. */
export function LiveAssertionResults({ call }: { call: LiveCallState }): ReactElement | null {
  const assertions = useSavedAssertions(call.targetKey)
  const subject = liveAssertionSubject(call)
  const results = assertions && assertions.length > 0 && subject ? evaluateAssertions(assertions, subject) : []
  return <AssertionList results={results} />
}

function AssertionList({ results }: { results: readonly AssertionResult[] }): ReactElement | null {
  if (results.length === 0) return null
  const passed = results.filter((r) => r.outcome === 'pass').length
  const isAllPassed = passed === results.length
  return (
    <details className="assertion-results" data-passed={isAllPassed} open={!isAllPassed}>
      <summary>
        <span className={`tag ${isAllPassed ? 'tag-ok' : 'tag-danger'}`} role="status">
          {isAllPassed
            ? `${passed}/${results.length} assertions passed`
            : `${results.length - passed} of ${results.length} assertions failed`}
        </span>
      </summary>
      <ul aria-label="Assertions">
        {results.map((r, index) => (
          <li key={index} data-outcome={r.outcome}>
            <span className="assertion-outcome">{outcomeText[r.outcome]}</span>
            <span className="mono">{r.label}</span>
            <span className="muted">{r.message}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}
