/**
 * Credentials an import turned into `${name}` references: on the user's word they go into the active environment as
 * secret variables (so the imported requests send with them), never into the workspace, whose files may be committed.
 */
import { activeEnvironment } from '../../state/environments-store.js'
import type { Workbench } from '../../state/workbench.js'
import { markSecret } from '../environments/secret-marks.js'

/** Where they go when no environment is active: a new one, made active. */
export const IMPORTED_ENVIRONMENT_NAME = 'Imported credentials'

/** Adds the values to the active environment (or a new one), marks them secret, saves; answers its name. */
export async function acceptImportSecrets(
  workbench: Pick<Workbench, 'environments'>,
  secrets: Readonly<Record<string, string>>,
): Promise<string> {
  const store = workbench.environments
  let environment = activeEnvironment(store.getState())
  if (!environment) {
    const id = store.getState().create(IMPORTED_ENVIRONMENT_NAME)
    environment = store.getState().document.environments.find((env) => env.id === id) ?? null
  }
  if (!environment) throw new Error('No environment could be created for the imported credentials.')
  store.getState().setVars(environment.id, { ...environment.vars, ...secrets })
  markSecret(environment.id, Object.keys(secrets))
  await store.getState().flush()
  return environment.name
}

/** The names an import would replace in the active environment with a different value (the offer says so). */
export function replacedNames(workbench: Pick<Workbench, 'environments'>, secrets: Readonly<Record<string, string>>) {
  const vars = activeEnvironment(workbench.environments.getState())?.vars ?? {}
  return Object.keys(secrets).filter((name) => name in vars && vars[name] !== secrets[name])
}
