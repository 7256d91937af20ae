/**
 * The assistant's state for one page: whether the AI package is there, the drawer, the conversation (what the model
 * sees and what the user sees), the streamed reply, the session's invoke switch and a pending confirmation. The
 * conversation itself runs in `run-conversation.ts`.
 */
import type { AiConfigView, AiMessage, AiProbeResponse } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { InvokePreview } from './assistant-tools.js'

export type ChatEntry =
  | { id: number; kind: 'user'; text: string }
  | { id: number; kind: 'assistant'; text: string; isStreaming: boolean }
  | { id: number; kind: 'activity'; text: string }
  | { id: number; kind: 'error'; text: string; hint?: string }

export interface PendingInvoke {
  preview: InvokePreview
  answer: (isConfirmed: boolean) => void
}

/** `unknown` until the page asked; `absent` when this workbench has no AI package. */
export type AiPresence = 'unknown' | 'present' | 'absent'

export interface AssistantState {
  presence: AiPresence
  config: AiConfigView | null
  probe: AiProbeResponse | null
  isOpen: boolean
  isSettingsOpen: boolean
  entries: ChatEntry[]
  conversation: AiMessage[]
  isBusy: boolean
  /** Off for every new session; only the user turns it on, in the drawer. */
  isInvokeEnabled: boolean
  pendingInvoke: PendingInvoke | null
  /** Aborts the running turn (Stop). */
  stop: (() => void) | null
}

export type AssistantStore = StoreApi<AssistantState>

let entryCounter = 0
export function nextEntryId(): number {
  entryCounter += 1
  return entryCounter
}

export function createAssistantStore(): AssistantStore {
  return createStore<AssistantState>()(() => ({
    presence: 'unknown',
    config: null,
    probe: null,
    isOpen: false,
    isSettingsOpen: false,
    entries: [],
    conversation: [],
    isBusy: false,
    isInvokeEnabled: false,
    pendingInvoke: null,
    stop: null,
  }))
}

export function addEntry(store: AssistantStore, entry: ChatEntry): void {
  store.setState((s) => ({ entries: [...s.entries, entry] }))
}

export function updateEntry(store: AssistantStore, id: number, patch: (entry: ChatEntry) => ChatEntry): void {
  store.setState((s) => ({ entries: s.entries.map((entry) => (entry.id === id ? patch(entry) : entry)) }))
}

const stores = new WeakMap<object, AssistantStore>()

/** The page's assistant store, made on first use (keyed by the page's Workbench). */
export function assistantStoreOf(workbench: object): AssistantStore {
  let store = stores.get(workbench)
  if (!store) {
    store = createAssistantStore()
    stores.set(workbench, store)
  }
  return store
}
