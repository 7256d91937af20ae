/**
 * The page's side of binding credentials to hosts: which variables it counts as secret (marked in the variables
 * table, named like a secret, or referenced by a secret auth field), which origins the command line pre-approved
 * (exactly those of the locked and demo URLs the CLI was started with: scheme, host and port), how
 * it asks (the host question dialog) and how it tells that a call went without credentials (a notice).
 */
import {
  callTarget,
  hostStanding,
  targetOf,
  withoutSecretVariables,
  type BoundCall,
  type BoundCallOptions,
  type Environment,
  type HostStanding,
} from '@wirebench/auth'
import { secretKeysOf } from '../features/auth/auth-schemes.js'
import { secretMarksOf } from '../features/environments/secret-marks.js'
import { autoSecretVariables } from '../features/environments/variable-rules.js'
import type { HostQuestions } from './auth-hosts.js'
import { parseUrlSpec } from './url-spec.js'

/** Where the host of a call stands for the environment's credentials; `no-host` when its URL names none. */
export interface HostStandingOf {
  host?: string
  standing: HostStanding | 'no-host'
}

export interface CredentialBinding {
  /** The binding options of `prepareBoundCall` for a call of this environment. */
  optionsFor(
    environment: Environment | null,
  ): Pick<BoundCallOptions, 'preApprovedOrigins' | 'secretVariables' | 'confirmHost'>
  /** Shows a notice when a call went without the environment's credentials (and ends it when one goes with them). */
  report(environment: Environment | null, prepared: BoundCall): void
  /** The variables a channel frame to `targetUrl` may use: without the secret ones unless its host is approved. */
  variablesFor(environment: Environment | null, targetUrl: string | undefined): Record<string, string> | undefined
  /** Whether a call to `targetUrl` would carry the environment's credentials, as its host stands now. */
  standingOf(environment: Environment, targetUrl: string | undefined): HostStandingOf
  /**
   * Of the variables a frame left unresolved, those the environment defines (so they were withheld, not unknown);
   * they join the page notice for the frame's host.
   */
  reportFrame(environment: Environment | null, targetUrl: string | undefined, unresolved: readonly string[]): string[]
}

export function uiSecretVariables(environment: Environment): string[] {
  const names = autoSecretVariables(environment.auth, secretKeysOf(environment.auth), environment.vars)
  for (const name of secretMarksOf(environment.id)) names.add(name)
  return [...names]
}

/**
 * The origins the command line pre-approved, as the binding compares them with a call's target (and as the Hosts tab
 * lists them): scheme, host and port of each locked and demo URL (ws and grpc folded into http), each once.
 */
export function preApprovedOriginsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>()
  for (const url of urls) {
    const target = callTarget(parseUrlSpec(url).address)
    if (target) origins.add(target.origin)
  }
  return [...origins]
}

export function createCredentialBinding(options: {
  questions: HostQuestions
  /** URLs given on the command line (locked) and the demo's: exactly their origins are pre-approved. */
  preApprovedUrls: readonly string[]
}): CredentialBinding {
  const preApprovedOrigins = preApprovedOriginsOf(options.preApprovedUrls)
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
      if (!environment) return
      if (credentials.sent) {
        if (credentials.reason !== 'nothing-to-bind') options.questions.clearNotice(environment.id, credentials.host)
        return
      }
      options.questions.notify({
        environmentId: environment.id,
        environmentName: environment.name,
        ...(credentials.host !== undefined ? { host: credentials.host } : {}),
        reason: credentials.reason,
        withheld: prepared.withheld,
      })
    },
    standingOf(environment, targetUrl) {
      const target = targetOf(environment, targetUrl, uiSecretVariables(environment))
      if (target === undefined) return { standing: 'no-host' }
      return { host: target.key, standing: hostStanding(environment, target, preApprovedOrigins) }
    },
    reportFrame(environment, targetUrl, unresolved) {
      if (!environment) return []
      const withheld = unresolved.filter((name) => Object.hasOwn(environment.vars, name))
      if (withheld.length === 0) return []
      const target = targetOf(environment, targetUrl, uiSecretVariables(environment))
      const host = target?.key
      const standing = target === undefined ? undefined : hostStanding(environment, target, preApprovedOrigins)
      const id = `${environment.id}\u0000${host ?? ''}`
      const earlier = options.questions.store.getState().notices.find((notice) => notice.id === id)
      options.questions.notify({
        environmentId: environment.id,
        environmentName: environment.name,
        ...(host !== undefined ? { host } : {}),
        reason: standing === 'refused' ? 'refused' : host === undefined ? 'no-host' : 'undecided',
        withheld: [...new Set([...(earlier?.withheld ?? []), ...withheld])],
      })
      return withheld
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
