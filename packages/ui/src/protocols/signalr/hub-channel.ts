/**
 * How the hub panes drive a channel (upload, connection) with the shared composer: the composer edits the messages
 * after the first (an upload's items, a connection's invocations) under a method of their own, and the channel opens
 * with the request form's message first (the upload's invocation, the connection's options).
 */
import { optionalField } from '@wirebench/core'
import type { MethodInfo } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import type { LiveCallHandle } from '../../features/live/useLiveCall.js'
import { composeMessages } from '../../features/live/composer-messages.js'
import { finalizeMessages, sendHold } from '../../features/request/send-gate.js'
import { addressOf } from '../../state/auth-targets.js'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft } from '../../state/drafts-store.js'
import { liveStoreOf } from '../../state/live-runtime.js'
import type { Workbench } from '../../state/workbench.js'
import { composerKey } from './composer-key.js'

const itemMethod = (method: MethodInfo): MethodInfo => ({
  ...method,
  name: `${method.name} item`,
  inputType: {
    name: 'UploadItem',
    fullName: 'signalr.UploadItem',
    description: 'One item of the upload stream.',
    fields: [optionalField('item', 1, 'json', { description: 'The item, as JSON (a number, a string, an object…).' })],
  },
})

const invocationMethod = (method: MethodInfo): MethodInfo => ({
  ...method,
  name: `${method.name} message`,
  inputType: {
    name: 'HubInvocation',
    fullName: 'signalr.HubInvocation',
    description: 'An invocation on the open connection.',
    fields: [
      optionalField('target', 1, 'string', { required: true, label: 'required', description: 'The hub method.' }),
      optionalField('arguments', 2, 'json', { description: 'Its arguments, as a JSON array.', defaultValue: [] }),
      optionalField('type', 3, 'enum', {
        description: 'invoke waits for a completion; send expects none; stream receives items.',
        enumValues: ['invoke', 'send', 'stream'].map((name, number) => ({ name, number })),
        defaultValue: 'invoke',
      }),
    ],
  },
})

/** The composer's own method: its draft key and form (an upload item, or an invocation on the connection). */
export function composerTarget(target: MethodRef): MethodRef {
  const method = target.method.name === 'upload' ? itemMethod(target.method) : invocationMethod(target.method)
  return { ...target, key: composerKey(target.key), method }
}

/** True when the request form's message is held back by the send gate (the request editor says why). */
export function isFormHeld(workbench: Workbench, target: MethodRef): boolean {
  const draft = workbench.drafts.getState().drafts[target.key] ?? emptyDraft
  const isHeld = sendHold(target, draft) !== undefined
  workbench.drafts.getState().setHeld(target.key, isHeld)
  return isHeld
}

/**
 * The request form's message with the variables the hub's host may see: built once the channel is open, so after the
 * host question (if any) is answered. Throws when a value does not fit its field after substitution.
 */
export function formMessage(workbench: Workbench, target: MethodRef): unknown {
  const draft = workbench.drafts.getState().drafts[target.key] ?? emptyDraft
  const vars = workbench.auth.frameVariables(addressOf(target), workbench.prefs.getState().serverUrls[target.origin])
  const composed = composeMessages(draft.value, 1, {
    ...(vars ? { scopes: [vars] } : {}),
    resolve: workbench.responses.resolverFor(target.key),
  })
  return finalizeMessages(target, [draft.value])(composed.messages)[0]
}

/** What the channel opens with: the form's message, checked before opening and built after. */
export interface FirstMessage {
  isHeld: () => boolean
  build: () => unknown
}

/**
 * The live handle the composer uses: opening sends the form's message first, built after the open (and its host
 * question) so an approved hub gets the secret variables in it and a refused one never does; upload items go out
 * unwrapped.
 */
export function channelHandle(
  handle: LiveCallHandle,
  workbench: Workbench,
  target: MethodRef,
  first: FirstMessage,
): LiveCallHandle {
  const isUpload = target.method.name === 'upload'
  const open = async (): Promise<boolean> => {
    if (first.isHeld() || !(await handle.open())) return false
    let message: unknown
    try {
      message = first.build()
    } catch (error) {
      // A value that does not fit its field after substitution: the channel closes before anything is sent on it.
      const live = liveStoreOf(workbench)
      const id = live.getState().byTarget[target.key]
      if (id !== undefined) live.getState().fail(id, ApiError.fromUnknown(error).problem)
      return false
    }
    // A connection's options set it up: they are no hub message the user sent.
    handle.send([message], { isCounted: isUpload })
    return true
  }
  return {
    ...handle,
    open,
    start: () => void open(),
    send: (messages, options) =>
      handle.send(isUpload ? messages.map((m) => (m as { item?: unknown } | null)?.item ?? null) : messages, options),
  }
}
