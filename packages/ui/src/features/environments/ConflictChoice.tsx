/** The choice after another tab (or a hand edit) saved the environments first: keep this page's edits or take theirs. */
import type { ReactElement } from 'react'
import { useWorkbench } from '../../state/useWorkbench.js'

export function ConflictChoice(): ReactElement {
  const { environments } = useWorkbench()
  const store = environments.getState()
  return (
    <div className="env-notice" role="alert" data-kind="conflict">
      <div className="env-notice-text">
        <strong>The environments were changed in another tab or on disk.</strong> Your edits are kept in this page and
        are not saved until you choose: <em>Keep mine</em> saves this page&rsquo;s environments over theirs,{' '}
        <em>Take theirs</em> loads theirs and drops your unsaved edits.
      </div>
      <button type="button" className="btn btn-primary" onClick={() => void store.keepMine()}>
        Keep mine
      </button>
      <button type="button" className="btn" onClick={store.takeTheirs}>
        Take theirs
      </button>
    </div>
  )
}
