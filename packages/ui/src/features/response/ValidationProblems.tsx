/** The problems a response's validation found, by JSON pointer; choosing one highlights its field in the body view. */
import type { ReactElement } from 'react'
import type { ResponseValidation } from '@wirebench/core'

export interface ValidationProblemsProps {
  validation: ResponseValidation
  selected: string | undefined
  onSelect: (pointer: string) => void
}

export function ValidationProblems({ validation, selected, onSelect }: ValidationProblemsProps): ReactElement {
  return (
    <div className="validation-problems" id="validation-problems">
      <div className="validation-problems-head muted" title={validation.schema}>
        Checked against <span className="mono">{validation.schema}</span>
      </div>
      <ul aria-label="Validation problems">
        {validation.problems.map((problem, index) => (
          <li key={`${problem.pointer}#${index}`}>
            <button
              type="button"
              className="validation-problem"
              aria-current={selected === problem.pointer && index === firstIndex(validation, selected)}
              onClick={() => onSelect(problem.pointer)}
            >
              <span className="mono validation-pointer">{problem.pointer === '' ? '(body)' : problem.pointer}</span>
              <span className="validation-message">{problem.message}</span>
              {problem.keyword && <span className="tag tag-neutral">{problem.keyword}</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function firstIndex(validation: ResponseValidation, pointer: string | undefined): number {
  return validation.problems.findIndex((p) => p.pointer === pointer)
}
