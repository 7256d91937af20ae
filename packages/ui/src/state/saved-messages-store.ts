/** The saved-messages library of each channel as a store over localStorage, and the hook the WebSocket pane uses. */
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  loadLibrary,
  MAX_NAME_CHARS,
  newSavedMessage,
  writeLibrary,
  type KeyValueStorage,
  type SavedMessage,
  type SavedMessageKind,
} from './saved-messages.js'

export interface SavedMessagesState {
  messages: SavedMessage[]
  notice?: string
  /** Saves a new message; returns what is wrong with it instead when it cannot be saved. */
  save: (input: { name: string; kind: SavedMessageKind; payload: string }) => string | undefined
  rename: (id: string, name: string) => string | undefined
  remove: (id: string) => void
  dismissNotice: () => void
}

export type SavedMessagesStore = StoreApi<SavedMessagesState>

/** In-memory storage when localStorage is unavailable (private modes, tests): the library lasts for the session. */
function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>()
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) }
}

function pageStorage(): KeyValueStorage {
  try {
    return window.localStorage
  } catch {
    return memoryStorage()
  }
}

export function createSavedMessagesStore(
  channel: string,
  storage: KeyValueStorage = pageStorage(),
): SavedMessagesStore {
  const loaded = loadLibrary(storage, channel)
  return createStore<SavedMessagesState>()((set, get) => {
    const commit = (messages: SavedMessage[]): string | undefined => {
      if (!writeLibrary(storage, channel, messages)) {
        set({
          messages,
          notice: 'Could not write the library to localStorage (full or disabled): kept for this session only.',
        })
        return undefined
      }
      set({ messages })
      return undefined
    }
    return {
      messages: loaded.messages,
      ...(loaded.notice ? { notice: loaded.notice } : {}),
      save: (input) => {
        const message = newSavedMessage(input, get().messages)
        if (typeof message === 'string') return message
        return commit([...get().messages, message])
      },
      rename: (id, name) => {
        const trimmed = name.trim()
        if (!trimmed) return 'Give the message a name.'
        if (trimmed.length > MAX_NAME_CHARS) return `Names are at most ${MAX_NAME_CHARS} characters.`
        return commit(get().messages.map((m) => (m.id === id ? { ...m, name: trimmed } : m)))
      },
      remove: (id) => void commit(get().messages.filter((m) => m.id !== id)),
      dismissNotice: () => set({ notice: undefined }),
    }
  })
}

const stores = new Map<string, SavedMessagesStore>()

/** One store per channel for the page's lifetime (two panes on one channel share it). */
export function savedMessagesStoreOf(channel: string): SavedMessagesStore {
  let store = stores.get(channel)
  if (!store) {
    store = createSavedMessagesStore(channel)
    stores.set(channel, store)
  }
  return store
}

export function useSavedMessages(channel: string): SavedMessagesState {
  const store = useMemo(() => savedMessagesStoreOf(channel), [channel])
  return useStore(store)
}
