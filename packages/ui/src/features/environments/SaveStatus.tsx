/**
 * One line saying whether the environment edits are on the server: saved, saving, waiting for a choice, refused until
 * a field is fixed, or failing (and retried).
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Spinner } from '../../components/Spinner.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export function SaveStatus(): ReactElement {
  const { environments } = useWorkbench()
  const { isDirty, isSaving, saveError, conflict, refusal } = useStore(environments, (s) => s)
  let tone = 'ok'
  let text = 'Saved'
  let title = saveError?.message
  if (refusal) {
    tone = 'danger'
    text = 'Not saved: fix the marked field'
    title = refusal.issues[0]?.message ?? refusal.error?.message
  } else if (conflict) {
    tone = 'warn'
    text = 'Not saved: changed elsewhere'
  } else if (saveError) {
    tone = 'danger'
    text = 'Not saved yet: retrying'
  } else if (isSaving) {
    text = 'Saving…'
  } else if (isDirty) {
    text = 'Unsaved changes'
  }
  return (
    <span className="env-save-status" data-tone={tone} role="status" title={title}>
      {isSaving && <Spinner label="Saving" size={11} />}
      {text}
    </span>
  )
}
