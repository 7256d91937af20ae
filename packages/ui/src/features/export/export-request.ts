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

/** The `${name}`s the request as written references (its URL, server URL, metadata and messages). */
export function referencedNamesOf(request: InvokeRequest): Set<string> {
  const { unknown } = substituteDeep({
    url: request.url,
    serverUrl: request.serverUrl ?? '',
    metadata: request.metadata ?? {},
    messages: request.messages,
  })
  return new Set(unknown)
}

/** A plain variable the request does not reference: no secret, and no reference to write back. */
function plain(name: string, value: string): ExportVariable {
  return { name, value, isSecret: false, isReferenced: false }
}

/**
 * The active environment's variables (secret as the page counts them: marked, named like a secret, or used by a
 * secret auth field) and the workspace's that the environment does not define (plain values meant for git). A plain
 * variable the request does not reference is marked so (`isReferenced: false`): with "Resolve variables" off the
 * server writes the others back as references, and a value the request merely contains (`json` in a content type,
 * a host) is no reference of it.
 */
export function exportVariablesOf(
  workbench: Pick<Workbench, 'environments' | 'workspace'>,
  referenced: ReadonlySet<string>,
): ExportVariable[] {
  const environment = activeEnvironment(workbench.environments.getState())
  const variables: ExportVariable[] = []
  const own = environment?.vars ?? {}
  if (environment) {
    const secret = new Set(uiSecretVariables(environment))
    for (const [name, value] of Object.entries(own)) {
      const isSecret = secret.has(name)
      if (isSecret) variables.push({ name, value, isSecret, isReferenced: referenced.has(name) })
      else variables.push(referenced.has(name) ? { name, value, isSecret } : plain(name, value))
    }
  }
  const workspaceVars = workbench.workspace.getState().content?.vars ?? {}
  for (const [name, value] of Object.entries(workspaceVars)) {
    if (!Object.hasOwn(own, name)) {
      variables.push(referenced.has(name) ? { name, value, isSecret: false } : plain(name, value))
    }
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
