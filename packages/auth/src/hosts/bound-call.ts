/**
 * `prepareCall` with the environment's credentials bound to hosts: decides from the call's target host whether its
 * auth and secret variables go with it, asks (once, through the caller) about a host never decided, and reports what
 * happened so the caller can say so. The UI asks in a dialog and remembers the answer in the environment; the CLI
 * passes its command line's URLs as pre-approved origins and gives no `confirmHost`, so any other host gets no
 * credentials.
 */
import type { PrepareCallOptions, PreparedCall } from '../pipeline/types.js'
import { prepareCall } from '../pipeline/prepare-call.js'
import { decideCredentials, type CallAsWritten } from './credential-decision.js'

export interface HostQuestion {
  environmentId: string
  environmentName: string
  host: string
}

export interface BoundCallOptions extends Omit<PrepareCallOptions, 'credentials'> {
  /** Where the call goes, as written (server URL, operation or service base URL, or the discovery URL). */
  targetUrl: string | undefined
  /**
   * URLs whose exact origin (scheme, host, port) is approved for this call besides the environment's own list: the
   * URLs the workbench or the CLI was started on. A host name on another port or scheme is not covered.
   */
  preApprovedOrigins?: readonly string[]
  /**
   * Asked whether the credentials may go to a host the environment has neither approved nor refused; the caller
   * remembers the answer. Rejecting cancels the call. Without it, such a host gets the call without credentials.
   */
  confirmHost?: (question: HostQuestion) => Promise<boolean>
}

export type CredentialsReason =
  'nothing-to-bind' | 'approved' | 'pre-approved' | 'approved-now' | 'refused' | 'refused-now' | 'undecided' | 'no-host'

export interface CredentialsOutcome {
  /** The host-list entry of where the call goes (`name`, or `name:port` on this machine), when its URL names one. */
  host?: string
  /** True when the environment's auth and secret variables went with the call (or it had none to send). */
  sent: boolean
  reason: CredentialsReason
}

export interface BoundCall extends PreparedCall {
  credentials: CredentialsOutcome
}

export async function prepareBoundCall(options: BoundCallOptions): Promise<BoundCall> {
  const { environment } = options
  const call: CallAsWritten = {}
  if (options.metadata) call.metadata = options.metadata
  if (options.messages) call.messages = options.messages
  if (options.serverUrl !== undefined) call.serverUrl = options.serverUrl
  const decision = decideCredentials({
    environment,
    targetUrl: options.targetUrl,
    call,
    ...(options.preApprovedOrigins ? { preApprovedOrigins: options.preApprovedOrigins } : {}),
    ...(options.secretVariables ? { secretVariables: options.secretVariables } : {}),
  })
  let outcome: CredentialsOutcome
  switch (decision.kind) {
    case 'nothing-to-bind':
      outcome = { sent: true, reason: 'nothing-to-bind' }
      break
    case 'send':
      outcome = { sent: true, reason: decision.reason }
      break
    case 'withhold':
      outcome = { sent: false, reason: decision.reason }
      break
    case 'ask': {
      if (!options.confirmHost || !environment) {
        outcome = { sent: false, reason: 'undecided' }
        break
      }
      const approved = await options.confirmHost({
        environmentId: environment.id,
        environmentName: environment.name,
        host: decision.host,
      })
      outcome = { sent: approved, reason: approved ? 'approved-now' : 'refused-now' }
      break
    }
  }
  if (decision.host !== undefined) outcome.host = decision.host
  const { targetUrl: _target, preApprovedOrigins: _preApproved, confirmHost: _confirm, ...rest } = options
  const prepared = await prepareCall({ ...rest, credentials: outcome.sent ? 'send' : 'withhold' })
  return { ...prepared, credentials: outcome }
}
