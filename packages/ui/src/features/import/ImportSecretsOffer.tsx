/** The one-click offer to keep an import's credentials in the active environment (as secret variables). */
import { useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { activeEnvironment } from '../../state/environments-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { acceptImportSecrets, IMPORTED_ENVIRONMENT_NAME, replacedNames } from './import-secrets.js'

export function ImportSecretsOffer({ secrets }: { secrets: Readonly<Record<string, string>> }): ReactElement | null {
  const workbench = useWorkbench()
  const environment = useStore(workbench.environments, (s) => activeEnvironment(s))
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>()
  const names = Object.keys(secrets)
  if (names.length === 0) return null
  const target = environment?.name ?? `a new environment "${IMPORTED_ENVIRONMENT_NAME}"`
  const replaced = replacedNames(workbench, secrets)
  const accept = async () => {
    try {
      const name = await acceptImportSecrets(workbench, secrets)
      setOutcome({ ok: true, text: `Added to ${name} as secret variables: ${names.join(', ')}.` })
    } catch (error) {
      setOutcome({ ok: false, text: `Could not add them: ${error instanceof Error ? error.message : String(error)}` })
    }
  }
  if (outcome) {
    return (
      <p className={`notice ${outcome.ok ? 'notice-info' : 'notice-error'} import-secrets`} role="status">
        {outcome.text}
      </p>
    )
  }
  return (
    <div className="notice notice-info import-secrets" role="group" aria-label="Imported credentials">
      <p>
        The import held {names.length === 1 ? 'a credential' : `${names.length} credentials`} (
        <span className="mono">{names.map((n) => `\${${n}}`).join(', ')}</span>): the requests reference{' '}
        {names.length === 1 ? 'it' : 'them'}, and the workspace files never hold the value.
        {replaced.length > 0 && ` This replaces ${replaced.join(', ')} in ${target}.`}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void accept()}>
        Put into {target}
      </button>
    </div>
  )
}
