/**
 * Argument completion for a prompt or a resource template (`completion/complete` on the session channel): typing in
 * one of the form's top-level fields asks the server for values starting with what was typed (the other fields go
 * along as context); picking one writes it into the draft as the user's own text.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { McpCompletionRef } from '@wirebench/core'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft } from '../../state/drafts-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { replyOf } from './session-state.js'
import type { McpSessionHandle } from './useMcpSession.js'

export interface CompletionView {
  argument: string | undefined
  values: string[]
  error?: string
  /** Call from the form's input events (they bubble): asks for the field being typed in. */
  onInput: (target: EventTarget) => void
  pick: (value: string) => void
}

const DEBOUNCE_MS = 150
let completionCounter = 0

export function completionRef(target: MethodRef): McpCompletionRef | undefined {
  const mcp = target.method.mcp
  if (!mcp?.completable) return undefined
  if (mcp.kind === 'prompt') return { type: 'ref/prompt', name: target.method.name }
  if (mcp.kind === 'resourceTemplate' && mcp.uriTemplate) return { type: 'ref/resource', uri: mcp.uriTemplate }
  return undefined
}

const stringValues = (value: Record<string, unknown>, except: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => e[0] !== except && typeof e[1] === 'string'),
  )

export function useCompletion(target: MethodRef, session: McpSessionHandle): CompletionView {
  const { drafts } = useWorkbench()
  const ref = completionRef(target)
  const [asked, setAsked] = useState<{ argument: string; id: string }>()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const { send } = session
  const argumentNames = target.method.inputType.fields.map((f) => f.name)

  const onInput = useCallback(
    (element: EventTarget) => {
      if (!ref || !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return
      const path = element.closest('[data-field-path]')?.getAttribute('data-field-path')
      if (!path || !argumentNames.includes(path)) return
      const value = element.value
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        const id = `complete-${++completionCounter}`
        const draft = drafts.getState().drafts[target.key] ?? emptyDraft
        setAsked({ argument: path, id })
        send({
          op: 'complete',
          id,
          ref,
          argument: { name: path, value },
          context: { arguments: stringValues(draft.value, path) },
        })
      }, DEBOUNCE_MS)
    },
    [ref, argumentNames, drafts, target.key, send],
  )

  const pick = useCallback(
    (value: string) => {
      if (!asked) return
      const draft = drafts.getState().drafts[target.key] ?? emptyDraft
      // The server's text, written as the user's: a `${…}` in it is recorded so it is not read as a variable.
      drafts.getState().setValue(target.key, { ...draft.value, [asked.argument]: value })
      drafts.getState().addFilled(target.key, [value])
      setAsked(undefined)
    },
    [asked, drafts, target.key],
  )

  const reply = replyOf(session.state, asked?.id)
  const completion = (reply?.result as { completion?: { values?: unknown } } | undefined)?.completion
  const values = Array.isArray(completion?.values)
    ? completion.values.filter((v): v is string => typeof v === 'string').slice(0, 100)
    : []
  return {
    argument: asked?.argument,
    values,
    ...(reply?.error ? { error: reply.error.message } : {}),
    onInput,
    pick,
  }
}
