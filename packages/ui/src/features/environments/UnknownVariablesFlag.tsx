/**
 * Shown beside the Send button when the call as written references `${name}`s that neither the system variables, the
 * active environment nor the workspace define: they are sent as written, never silently emptied.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { unresolvedVariables } from '../../state/auth-variables.js'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft, headersToMetadata } from '../../state/drafts-store.js'
import { activeEnvironment } from '../../state/environments-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import '../../styles/environments.css'

export interface UnknownVariablesFlagProps {
  target: MethodRef
  serverUrl?: string | undefined
}

export function UnknownVariablesFlag({ target, serverUrl }: UnknownVariablesFlagProps): ReactElement | null {
  const { drafts, environments, calls, responses, workspace } = useWorkbench()
  const draft = useStore(drafts, (s) => s.drafts[target.key] ?? emptyDraft)
  const environment = useStore(environments, activeEnvironment)
  const workspaceVars = useStore(workspace, (s) => s.content?.vars)
  // A response that arrives (here or in a saved request's tab) can resolve a `${response.…}`: render again then.
  useStore(calls, (s) => s.calls)
  const names = unresolvedVariables({
    environment,
    resolve: responses.resolverFor(target.key),
    ...(workspaceVars ? { workspaceVars } : {}),
    messages: [draft.value],
    ...(headersToMetadata(draft.headers) ? { metadata: headersToMetadata(draft.headers) } : {}),
    ...(serverUrl ? { serverUrl } : {}),
  })
  if (names.length === 0) return null
  const list = names.map((name) => `\${${name}}`).join(', ')
  return (
    <span
      className="unknown-vars-flag"
      role="status"
      data-unknown={names.join(' ')}
      title={`${list}: not defined in the active environment or the workspace, or a response path that reads nothing; sent exactly as written. Add variables under Environments; send the request a response reference reads first.`}
    >
      <Icon name="alert" size={13} />
      {names.length === 1 ? list : `${names.length} unknown variables`}
    </span>
  )
}
