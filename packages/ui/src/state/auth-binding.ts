/**
 * The page's side of binding credentials to hosts: which variables it counts as secret (marked in the variables
 * table, named like a secret, or referenced by a secret auth field), which hosts the command line pre-approved
 * (the locked and demo URLs the CLI was started with, as the CLI's own `--env` approves its command-line hosts), how
 * it asks (the host question dialog) and how it tells that a call went without credentials (a notice).
 */
import {
  hostStanding,
  targetHost,
  withoutSecretVariables,
  type BoundCall,
  type BoundCallOptions,
  type Environment,
} from '@wirebench/auth'
import { secretKeysOf } from '../features/auth/auth-schemes.js'
import { secretMarksOf } from '../features/environments/secret-marks.js'
import { autoSecretVariables } from '../features/environments/variable-rules.js'
import type { HostQuestions } from './auth-hosts.js'
import { parseUrlSpec } from './url-spec.js'

export interface CredentialBinding {
  /** The binding options of `prepareBoundCall` for a call of this environment. */
  optionsFor(
    environment: Environment | null,
  ): Pick<BoundCallOptions, 'preApprovedHosts' | 'secretVariables' | 'confirmHost'>
  /** Shows a notice when a call went without the environment's credentials. */
  report(environment: Environment | null, prepared: BoundCall): void
  /** The variables a channel frame to `targetUrl` may use: without the secret ones unless its host is approved. */
  variablesFor(environment: Environment | null, targetUrl: string | undefined): Record<string, string> | undefined
}

export function uiSecretVariables(environment: Environment): string[] {
  const names = autoSecretVariables(environment.auth, secretKeysOf(environment.auth), environment.vars)
  for (const name of secretMarksOf(environment.id)) names.add(name)
  return [...names]
}

export function createCredentialBinding(options: {
  questions: HostQuestions
  /** URLs given on the command line (locked) and the demo's: their hosts are pre-approved. */
  preApprovedUrls: readonly string[]
}): CredentialBinding {
  const preApprovedHosts = options.preApprovedUrls.map((url) => parseUrlSpec(url).address)
  return {
    optionsFor(environment) {
      if (!environment) return {}
      return {
        preApprovedHosts,
        secretVariables: uiSecretVariables(environment),
        confirmHost: (question) => options.questions.ask(question),
      }
    },
    report(environment, prepared) {
      const { credentials } = prepared
      if (!environment || credentials.sent) return
      options.questions.notify({
        environmentId: environment.id,
        environmentName: environment.name,
        ...(credentials.host !== undefined ? { host: credentials.host } : {}),
        reason: credentials.reason,
        withheld: prepared.withheld,
      })
    },
    variablesFor(environment, targetUrl) {
      if (!environment) return undefined
      const host = targetHost(environment, targetUrl)
      const standing = host === undefined ? 'undecided' : hostStanding(environment, host, preApprovedHosts)
      if (standing === 'approved' || standing === 'pre-approved') return environment.vars
      return withoutSecretVariables(environment, uiSecretVariables(environment)).vars
    },
  }
}
