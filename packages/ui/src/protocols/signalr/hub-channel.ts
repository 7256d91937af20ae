/**
 * How the hub panes drive a channel (upload, connection) with the shared composer: the composer edits the messages
 * after the first (an upload's items, a connection's invocations) under a method of their own, and the channel opens
 * with the request form's message first (the upload's invocation, the connection's options).
 */
import { optionalField } from '@wirebench/core'
import type { MethodInfo } from '@wirebench/core'
import type { LiveCallHandle } from '../../features/live/useLiveCall.js'
import { composeMessages } from '../../features/live/composer-messages.js'
import { finalizeMessages, sendHold } from '../../features/request/send-gate.js'
import { addressOf } from '../../state/auth-targets.js'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft } from '../../state/drafts-store.js'
import type { Workbench } from '../../state/workbench.js'

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
  return { ...target, key: `${target.key}#compose`, method }
}

/**
 * The request form's message, through the same gate and variables as a composer message; undefined (the request
 * editor says why) when it is held back.
 */
export function formMessage(workbench: Workbench, target: MethodRef): unknown {
  const draft = workbench.drafts.getState().drafts[target.key] ?? emptyDraft
  const isHeld = sendHold(target, draft) !== undefined
  workbench.drafts.getState().setHeld(target.key, isHeld)
  if (isHeld) return undefined
  const vars = workbench.auth.frameVariables(addressOf(target), workbench.prefs.getState().serverUrls[target.origin])
  const composed = composeMessages(draft.value, 1, vars ? { scopes: [vars] } : {})
  return finalizeMessages(target, [draft.value])(composed.messages)[0]
}

/** The live handle the composer uses: opening sends the form's message first; upload items go out unwrapped. */
export function channelHandle(handle: LiveCallHandle, target: MethodRef, first: () => unknown): LiveCallHandle {
  const isUpload = target.method.name === 'upload'
  return {
    ...handle,
    start: () => {
      const message = first()
      if (message === undefined) return
      handle.start()
      handle.send([message])
    },
    send: (messages) =>
      handle.send(isUpload ? messages.map((m) => (m as { item?: unknown } | null)?.item ?? null) : messages),
  }
}
