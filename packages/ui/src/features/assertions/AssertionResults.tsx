/**
 * Pass/fail of a saved request's assertions beside its response, evaluated by core's evaluator on each result the
 * tab receives (the same evaluation `wirebench call --request` makes).
 */
import { assertionSubjectOf, evaluateAssertions } from '@wirebench/core'
import type { AssertionOutcome } from '@wirebench/core'
import { useMemo, type ReactElement } from 'react'
import { useStore } from 'zustand'
import type { CallRecord } from '../../state/calls-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import '../../styles/assertions.css'

const outcomeText: Record<AssertionOutcome, string> = { pass: 'pass', fail: 'fail', 'not-validated': 'not validated' }

export function AssertionResults({ draftKey, record }: { draftKey: string; record: CallRecord }): ReactElement | null {
  const { tabs, workspace } = useWorkbench()
  const savedPath = useStore(tabs, (s) => s.tabs.find((tab) => tab.key === draftKey)?.savedPath)
  const assertions = useStore(workspace, (s) =>
    savedPath === undefined ? undefined : s.content?.requests.find((r) => r.path === savedPath)?.request.assertions,
  )
  const { result } = record
  const results = useMemo(
    () =>
      result && assertions && assertions.length > 0 ? evaluateAssertions(assertions, assertionSubjectOf(result)) : [],
    [result, assertions],
  )
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
