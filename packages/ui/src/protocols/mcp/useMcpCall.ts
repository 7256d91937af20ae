/**
 * Sends an MCP call (tool, resource, template, prompt) like every unary call, with two additions: the message carries
 * `_meta.progressToken` (our own token, so the session channel's `progress` frames can be drawn on this call), and a
 * tool the server marks destructive asks for confirmation first. Ctrl+Enter goes through the same gate.
 */
import { useCallback, useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { draftFields, finalizeMessages, sendHold } from '../../features/request/send-gate.js'
import type { CallRecord } from '../../state/calls-store.js'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft, headersToMetadata } from '../../state/drafts-store.js'
import { registerSendBuilder } from '../../state/send-builders.js'
import { buildInvokeRequest } from '../../state/useCall.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'

export interface McpCallHandle {
  record: CallRecord | undefined
  /** Sends, or asks for confirmation first when the tool is destructive. */
  send: () => void
  /** Sends without asking (the confirmation's "Run"). */
  sendConfirmed: () => void
  cancel: () => void
  isConfirming: boolean
  dismissConfirm: () => void
  /** The progress token of the latest send. */
  progressToken: string | undefined
}

/** The server's word that the tool may destroy data (the spec's default for an unannotated tool is not assumed). */
export function isDestructive(target: MethodRef): boolean {
  const annotations = target.method.mcp?.annotations
  return annotations?.destructiveHint === true && annotations.readOnlyHint !== true
}

let tokenCounter = 0

export function useMcpCall(target: MethodRef): McpCallHandle {
  const { calls, drafts } = useWorkbench()
  const record = useStore(calls, (s) => s.calls[target.key])
  const [isConfirming, setConfirming] = useState(false)
  const [latest, setLatest] = useState<{ key: string; token: string }>()

  const sendConfirmed = useCallback(() => {
    setConfirming(false)
    const draft = drafts.getState().drafts[target.key] ?? emptyDraft
    const isHeld = sendHold(target, draft) !== undefined
    drafts.getState().setHeld(target.key, isHeld)
    if (isHeld) return
    const token = `wirebench-${Date.now().toString(36)}-${(++tokenCounter).toString(36)}`
    setLatest({ key: target.key, token })
    const request = buildInvokeRequest(target, draft.value, headersToMetadata(draft.headers))
    const finalize = finalizeMessages(target, request.messages, draftFields(target, draft))
    const withToken = (sent: unknown[]) =>
      finalize(sent).map((message) =>
        typeof message === 'object' && message !== null ? { ...message, _meta: { progressToken: token } } : message,
      )
    void calls.getState().send(target.key, request, { finalizeMessages: withToken })
  }, [calls, drafts, target])

  // The Benchmark tab repeats the call without a progress token; whether a tool that is not read-only may be repeated
  // is asked there (the server refuses it unconfirmed), as for every method that may change data.
  useEffect(
    () =>
      registerSendBuilder(target.key, () => {
        const draft = drafts.getState().drafts[target.key] ?? emptyDraft
        const isHeld = sendHold(target, draft) !== undefined
        drafts.getState().setHeld(target.key, isHeld)
        if (isHeld) return { held: 'The request form holds Send back: fix the marked field, then start again.' }
        const request = buildInvokeRequest(target, draft.value, headersToMetadata(draft.headers))
        return { request, finalizeMessages: finalizeMessages(target, request.messages, draftFields(target, draft)) }
      }),
    [drafts, target],
  )

  const send = useCallback(() => {
    if (isDestructive(target)) setConfirming(true)
    else sendConfirmed()
  }, [target, sendConfirmed])

  const cancel = useCallback(() => calls.getState().cancel(target.key), [calls, target.key])

  useSendShortcut(send)

  return {
    record,
    send,
    sendConfirmed,
    cancel,
    isConfirming,
    dismissConfirm: () => setConfirming(false),
    progressToken: latest?.key === target.key ? latest.token : undefined,
  }
}
