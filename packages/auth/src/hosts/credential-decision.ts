/**
 * Whether a call may carry an environment's credentials, decided from the host it goes to: its auth and its secret
 * variables go only to hosts the environment approved (or to the exact origins the caller pre-approves, like the URLs
 * the workbench was started on); a refused host gets the call without them; a host never decided is asked about once.
 * A call that would carry nothing of the environment's (no auth, no secret variable) needs no decision. The host is
 * read from the target URL with the environment's non-secret variables only: a secret never decides where it goes.
 */
import { referencedVariables, substitute } from '@wirebench/core'
import type { Environment, HostBinding } from '../environment.js'
import { substitutionFor } from '../pipeline/substitute-auth.js'
import { callTarget, readHost, type CallTarget } from './host-names.js'

/** The parts of a call as written that may reference variables. */
export interface CallAsWritten {
  metadata?: Record<string, string>
  messages?: unknown[]
  serverUrl?: string
}

export interface CredentialOptions {
  environment: Environment | null
  /** Where the call goes, as written: `${var}`s are resolved with the non-secret variables to find its host. */
  targetUrl: string | undefined
  call?: CallAsWritten
  /**
   * URLs whose exact origin (scheme, host and port) is approved for this call besides the environment's own list:
   * the URLs the workbench was started on. Never a host name on other ports or schemes.
   */
  preApprovedOrigins?: readonly string[]
  /** Variables that hold secrets; by default every variable of the environment. Auth references always count. */
  secretVariables?: readonly string[]
}

export type CredentialDecision =
  /** The call would carry nothing of the environment's: nothing to decide. */
  | { kind: 'nothing-to-bind'; host: string | undefined }
  | { kind: 'send'; host: string; reason: 'approved' | 'pre-approved' }
  | { kind: 'withhold'; host: string | undefined; reason: 'refused' | 'no-host' }
  | { kind: 'ask'; host: string }

/** The host list of an environment, empty when it has none yet. */
export function hostsOf(environment: Environment): HostBinding {
  return environment.hosts ?? { approved: [], refused: [] }
}

/** Variables the auth config references: whatever feeds credentials is a secret wherever it is used. */
function authReferences(environment: Environment): string[] {
  const names: string[] = []
  for (const [key, value] of Object.entries(environment.auth)) {
    if (key !== 'type' && typeof value === 'string') names.push(...referencedVariables(value))
  }
  return names
}

/** The environment's secret variable names: the given ones (default: all) plus those its auth references. */
export function secretVariableNames(environment: Environment, secretVariables?: readonly string[]): Set<string> {
  const names = new Set(secretVariables ?? Object.keys(environment.vars))
  for (const name of authReferences(environment)) names.add(name)
  return names
}

/** Secret variables of the environment that the call as written references (and that the environment defines). */
export function secretReferences(
  environment: Environment,
  call: CallAsWritten,
  secretVariables?: readonly string[],
): string[] {
  const secret = secretVariableNames(environment, secretVariables)
  const referenced = referencedVariables(
    JSON.stringify([call.metadata ?? {}, call.messages ?? [], call.serverUrl ?? '']),
  )
  return referenced.filter((name) => secret.has(name) && Object.hasOwn(environment.vars, name))
}

/**
 * Where a target URL as written goes, with the environment's non-secret variables resolved in it (by default every
 * variable counts as secret, so only literal parts decide). A host that needs a secret to be spelled has none.
 */
export function targetOf(
  environment: Environment | null,
  targetUrl: string | undefined,
  secretVariables?: readonly string[],
): CallTarget | undefined {
  if (targetUrl === undefined) return undefined
  const exposed = environment ? withoutSecretVariables(environment, secretVariables) : null
  return callTarget(substitute(targetUrl, substitutionFor(exposed)).value)
}

/** The host-list entry of a target URL as written (see `targetOf`). */
export function targetHost(
  environment: Environment | null,
  targetUrl: string | undefined,
  secretVariables?: readonly string[],
): string | undefined {
  return targetOf(environment, targetUrl, secretVariables)?.key
}

export type HostStanding = 'approved' | 'pre-approved' | 'refused' | 'undecided'

/**
 * Where a target stands for an environment. An explicit refusal wins over a pre-approval; a refusal of a name on this
 * machine written without a port refuses every port of it. An approval covers exactly its entry, and a pre-approval
 * exactly its origin.
 */
export function hostStanding(
  environment: Environment,
  target: CallTarget,
  preApprovedOrigins: readonly string[] = [],
): HostStanding {
  const { approved, refused } = hostsOf(environment)
  if (refused.includes(target.key) || refused.includes(target.name)) return 'refused'
  if (approved.includes(target.key)) return 'approved'
  const preApproved = preApprovedOrigins.some((url) => callTarget(url)?.origin === target.origin)
  return preApproved ? 'pre-approved' : 'undecided'
}

/** An entry a person typed for the approved list: a name on this machine needs its port. */
export function readApprovableHost(text: string): { host: string } | { error: string } {
  const reading = readHost(text)
  if ('error' in reading) return reading
  if (reading.isAnyPort) {
    return {
      error: `${reading.host} is this machine, where each port is another program: add the port (${reading.host}:8080).`,
    }
  }
  return { host: reading.host }
}

/** The environment without its secret variables: what a call whose credentials are withheld may use. */
export function withoutSecretVariables(environment: Environment, secretVariables?: readonly string[]): Environment {
  const secret = secretVariableNames(environment, secretVariables)
  const vars = Object.fromEntries(Object.entries(environment.vars).filter(([name]) => !secret.has(name)))
  return { ...environment, vars }
}

export function decideCredentials(options: CredentialOptions): CredentialDecision {
  const { environment } = options
  const target = targetOf(environment, options.targetUrl, options.secretVariables)
  const host = target?.key
  if (!environment) return { kind: 'nothing-to-bind', host }
  const hasAuth = environment.auth.type !== 'none' || environment.auth.persistCookies === true
  if (!hasAuth && secretReferences(environment, options.call ?? {}, options.secretVariables).length === 0) {
    return { kind: 'nothing-to-bind', host }
  }
  if (target === undefined) return { kind: 'withhold', host, reason: 'no-host' }
  // An explicit refusal wins over a pre-approval: the user said no to this host for this environment.
  const standing = hostStanding(environment, target, options.preApprovedOrigins)
  if (standing === 'refused') return { kind: 'withhold', host: target.key, reason: 'refused' }
  if (standing === 'undecided') return { kind: 'ask', host: target.key }
  return { kind: 'send', host: target.key, reason: standing }
}

/** The environment with a host approved or refused (moved out of the other list), as a new object. */
export function withHostDecision(environment: Environment, host: string, approved: boolean): Environment {
  const current = hostsOf(environment)
  const without = (list: string[]) => list.filter((h) => h !== host)
  const hosts: HostBinding = approved
    ? { approved: [...without(current.approved), host], refused: without(current.refused) }
    : { approved: without(current.approved), refused: [...without(current.refused), host] }
  return { ...environment, hosts }
}
