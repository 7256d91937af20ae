/**
 * Says that the environment edits are not saved because of a field the server refuses, names each such field
 * (environment › tab › row) with the reason, and offers to show it in the editor.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { locateIssues, type RefusedField } from './save-refusal.js'

export interface RefusalNoticeProps {
  /** Opens the field's environment and tab; without it the notice says where to look. */
  onShow?: (field: RefusedField) => void
}

const MAX_LISTED = 5

export function RefusalNotice({ onShow }: RefusalNoticeProps): ReactElement | null {
  const { environments } = useWorkbench()
  const refusal = useStore(environments, (s) => s.refusal)
  const document = useStore(environments, (s) => s.document)
  if (!refusal) return null
  const fields = locateIssues(refusal.issues, document)
  return (
    <div className="env-notice env-refusal" role="alert" data-kind="refusal">
      <Icon name="alert" className="problem-icon" />
      <div className="env-notice-text">
        <strong>
          Environment edits are not saved: {fields.length === 1 ? 'a field needs' : 'fields need'} fixing.
        </strong>{' '}
        {onShow
          ? 'Every edit stays in this page and is saved once the field is fixed.'
          : 'Fix it under Environments (the sliders button); every edit stays in this page and is saved once it is fixed.'}
        {fields.length === 0 && refusal.error && <div>{refusal.error.message}</div>}
        <ul className="env-notice-errors">
          {fields.slice(0, MAX_LISTED).map((field) => (
            <li key={`${field.path}:${field.message}`} data-refused-path={field.path}>
              <span className="env-refusal-where">{field.label}:</span> {field.message}
              {onShow && field.environmentId && (
                <>
                  {' '}
                  <button type="button" className="link-btn" onClick={() => onShow(field)}>
                    Show
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
