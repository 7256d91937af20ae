/** Empties the environment's in-memory cookie jar on the server (REST calls with "Keep cookies" on). */
import { useState, type ReactElement } from 'react'
import { createEnvironmentsClient } from '../../api/environments-client.js'
import { ApiError } from '../../api/api-error.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export function ClearCookiesButton({ environmentId }: { environmentId: string }): ReactElement {
  const { api } = useWorkbench()
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; error: ApiError }>({
    kind: 'idle',
  })
  const clear = async () => {
    setState({ kind: 'busy' })
    try {
      await createEnvironmentsClient(api).clearCookies(environmentId)
      setState({ kind: 'done' })
    } catch (error) {
      setState({ kind: 'failed', error: ApiError.fromUnknown(error) })
    }
  }
  return (
    <div className="auth-action-row">
      <button type="button" className="btn" disabled={state.kind === 'busy'} onClick={() => void clear()}>
        Clear cookies
      </button>
      {state.kind === 'done' && (
        <span className="auth-ok" role="status">
          Cookie jar emptied.
        </span>
      )}
      {state.kind === 'failed' && <ProblemNotice error={state.error} onDismiss={() => setState({ kind: 'idle' })} />}
    </div>
  )
}
