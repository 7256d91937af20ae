/**
 * The page's side of binding credentials to hosts: which variables it counts as secret (marked in the variables
 * table, named like a secret, or referenced by a secret auth field), which origins the command line pre-approved
 * (exactly those of the locked and demo URLs the CLI was started with: scheme, host and port), how
 * it asks (the host question dialog) and how it tells that a call went without credentials (a notice).
 */
import {
  hostStanding,
  targetOf,
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
  ): Pick<BoundCallOptions, 'preApprovedOrigins' | 'secretVariables' | 'confirmHost'>
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
  /** URLs given on the command line (locked) and the demo's: exactly their origins are pre-approved. */
  preApprovedUrls: readonly string[]
}): CredentialBinding {
  const preApprovedOrigins = options.preApprovedUrls.map((url) => parseUrlSpec(url).address)
  return {
    optionsFor(environment) {
      if (!environment) return {}
      return {
        preApprovedOrigins,
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
      const secret = uiSecretVariables(environment)
      const target = targetOf(environment, targetUrl, secret)
      const standing = target === undefined ? 'undecided' : hostStanding(environment, target, preApprovedOrigins)
      if (standing === 'approved' || standing === 'pre-approved') return environment.vars
      return withoutSecretVariables(environment, secret).vars
    },
  }
}
