/**
 * The request an export is written for: the pane's draft taken as Send takes it (`buildInvokeRequest` and the same
 * `finalizeMessages`), and the variables the page knows (names, values, which are secret) so the server can write
 * them back as `${name}` references.
 */
import { substituteDeep } from '@wirebench/core'
import type { ExportVariable, InvokeRequest } from '@wirebench/core'
import { uiSecretVariables } from '../../state/auth-binding.js'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft, headersToMetadata } from '../../state/drafts-store.js'
import { activeEnvironment } from '../../state/environments-store.js'
import { buildInvokeRequest } from '../../state/useCall.js'
import type { Workbench } from '../../state/workbench.js'
import { draftFields, finalizeMessages } from '../request/send-gate.js'

export interface ExportedCall {
  request: InvokeRequest
  /** The typed-value step Send runs on the substituted messages. */
  finalize: (messages: unknown[]) => unknown[]
}

/**
 * The pane's request now. `messages` replaces the draft's message for a pane whose messages live elsewhere (the
 * WebSocket composer's frame).
 */
export function exportedCallOf(
  workbench: Pick<Workbench, 'drafts'>,
  target: MethodRef,
  serverUrl: string | undefined,
  messages?: unknown[],
): ExportedCall {
  const draft = workbench.drafts.getState().drafts[target.key] ?? emptyDraft
  const request = buildInvokeRequest(target, draft.value, headersToMetadata(draft.headers), serverUrl)
  if (messages) return { request: { ...request, messages }, finalize: (sent) => sent }
  return { request, finalize: finalizeMessages(target, request.messages, draftFields(target, draft)) }
}

/**
 * The active environment's variables (secret as the page counts them: marked, named like a secret, or used by a
 * secret auth field) and the workspace's that the environment does not define (plain values meant for git).
 */
export function exportVariablesOf(workbench: Pick<Workbench, 'environments' | 'workspace'>): ExportVariable[] {
  const environment = activeEnvironment(workbench.environments.getState())
  const variables: ExportVariable[] = []
  const own = environment?.vars ?? {}
  if (environment) {
    const secret = new Set(uiSecretVariables(environment))
    for (const [name, value] of Object.entries(own)) variables.push({ name, value, isSecret: secret.has(name) })
  }
  const workspaceVars = workbench.workspace.getState().content?.vars ?? {}
  for (const [name, value] of Object.entries(workspaceVars)) {
    if (!Object.hasOwn(own, name)) variables.push({ name, value, isSecret: false })
  }
  return variables
}

/**
 * The `${response.…}` references (this tab's or a saved request's) the request as written reads, with the values
 * they read now: non-secret variables, so an export with "Resolve variables" off writes them back as references
 * (the call is prepared resolved, like Send's, before the server writes it).
 */
export function chainExportVariables(
  request: InvokeRequest,
  resolve: (name: string) => string | undefined,
): ExportVariable[] {
  const read = new Map<string, string>()
  const recording = (name: string): string | undefined => {
    const value = resolve(name)
    if (value !== undefined) read.set(name, value)
    return value
  }
  substituteDeep(
    {
      url: request.url,
      serverUrl: request.serverUrl ?? '',
      metadata: request.metadata ?? {},
      messages: request.messages,
    },
    { resolve: recording },
  )
  return [...read].map(([name, value]) => ({ name, value, isSecret: false }))
}
