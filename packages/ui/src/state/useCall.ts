/** Sends the current draft of a method and exposes the call's state; Ctrl+Enter triggers `send` while mounted. */
import { useCallback, useEffect } from 'react'
import { useStore } from 'zustand'
import type { InvokeRequest } from '@wirebench/core'
import { draftFields, finalizeMessages, sendHold } from '../features/request/send-gate.js'
import type { CallRecord } from './calls-store.js'
import type { MethodRef } from './catalog.js'
import { emptyDraft, headersToMetadata } from './drafts-store.js'
import { historyTemplateFor } from './history-template.js'
import { registerSendBuilder } from './send-builders.js'
import { useWorkbench } from './useWorkbench.js'
import { useSendShortcut } from './useSendShortcut.js'

export interface CallHandle {
  record: CallRecord | undefined
  send: () => void
  cancel: () => void
}

export function buildInvokeRequest(
  target: MethodRef,
  value: Record<string, unknown>,
  metadata?: Record<string, string>,
  serverUrl?: string,
): InvokeRequest {
  const request: InvokeRequest = {
    protocol: target.service.protocol,
    url: target.origin,
    service: target.service.name,
    method: target.method.name,
    messages: [value],
  }
  if (metadata) request.metadata = metadata
  if (serverUrl) request.serverUrl = serverUrl
  return request
}

export function useCall(target: MethodRef, serverUrl?: string): CallHandle {
  const workbench = useWorkbench()
  const { calls, drafts } = workbench
  const record = useStore(calls, (s) => s.calls[target.key])

  const build = useCallback(() => {
    // Read the draft at send time so a shortcut pressed mid-typing sends what is on screen.
    const draft = drafts.getState().drafts[target.key] ?? emptyDraft
    // A field that cannot hold what was typed holds the call back; the request editor says why.
    const isHeld = sendHold(target, draft) !== undefined
    drafts.getState().setHeld(target.key, isHeld)
    if (isHeld) return { held: 'The request form holds Send back: fix the marked field, then start again.' }
    const request = buildInvokeRequest(target, draft.value, headersToMetadata(draft.headers), serverUrl)
    return { request, finalizeMessages: finalizeMessages(target, request.messages, draftFields(target, draft)) }
  }, [drafts, target, serverUrl])

  const send = useCallback(() => {
    const pending = build()
    if ('held' in pending) return
    const { request } = pending
    // The request as typed, for the workspace's history (captured before any variable is substituted).
    const history = historyTemplateFor(workbench, target)
    if (history) request.history = history
    void calls.getState().send(target.key, request, { finalizeMessages: pending.finalizeMessages })
  }, [workbench, calls, target, build])

  // The benchmark tab sends this same request under load.
  useEffect(() => registerSendBuilder(target.key, build), [target.key, build])

  const cancel = useCallback(() => calls.getState().cancel(target.key), [calls, target.key])

  useSendShortcut(send)

  return { record, send, cancel }
}
