/**
 * The console's log: a ring bounded by entry count and estimated bytes (the oldest go first, counted), the panel's
 * open state and height, and its filters. Entries are pushed as calls flow; subscribers hear of them at most once per
 * animation frame, so a burst of frames costs one render however many arrived.
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { createLiveRing, type LiveRing } from '../../state/live-ring.js'
import { estimateJsonBytes } from '../../state/live-size.js'
import { scheduleFrame } from '../../state/live-store.js'
import { CONSOLE_KINDS, type ConsoleEntry, type ConsoleKind } from './console-entry.js'

export const DEFAULT_CONSOLE_CAPACITY = 5_000
export const DEFAULT_CONSOLE_BYTES = 16 * 1024 * 1024
/** Fixed cost of an entry beyond its detail (the entry object, its strings). */
const ENTRY_BYTES = 96

export interface ConsoleState {
  /** Bumps whenever entries were added or cleared. */
  version: number
  isOpen: boolean
  /** Panel height in px. */
  height: number
  /** Kinds shown (all by default). */
  kinds: readonly ConsoleKind[]
  text: string
  toggle: () => void
  setOpen: (isOpen: boolean) => void
  setHeight: (height: number) => void
  toggleKind: (kind: ConsoleKind) => void
  setText: (text: string) => void
  clear: () => void
}

export interface ConsoleStore extends StoreApi<ConsoleState> {
  readonly ring: LiveRing<ConsoleEntry>
  /** Adds an entry (its index is assigned here). */
  record: (entry: Omit<ConsoleEntry, 'index'>) => void
  /** The values masked as `***` wherever the console shows or exports an entry. */
  secrets: () => readonly string[]
}

export interface ConsoleStoreOptions {
  capacity?: number
  maxBytes?: number
  /** The secret values of the active environment now (see features/response/secret-values.ts). */
  currentSecrets?: () => readonly string[]
  schedule?: (flush: () => void) => void
}

export const MIN_CONSOLE_HEIGHT = 120

export function createConsoleStore(options: ConsoleStoreOptions = {}): ConsoleStore {
  const ring = createLiveRing<ConsoleEntry>(
    options.capacity ?? DEFAULT_CONSOLE_CAPACITY,
    options.maxBytes ?? DEFAULT_CONSOLE_BYTES,
  )
  const schedule = options.schedule ?? scheduleFrame
  // Every secret seen while entries were recorded: switching environments must not unmask what an earlier one sent.
  const remembered = new Set<string>()
  let sorted: readonly string[] = []
  let isScheduled = false
  const store = createStore<ConsoleState>()((set, get) => ({
    version: 0,
    isOpen: false,
    height: 260,
    kinds: CONSOLE_KINDS,
    text: '',
    toggle: () => set({ isOpen: !get().isOpen }),
    setOpen: (isOpen) => set({ isOpen }),
    setHeight: (height) => set({ height: Math.max(MIN_CONSOLE_HEIGHT, Math.round(height)) }),
    toggleKind: (kind) => {
      const kinds = get().kinds
      set({
        kinds: kinds.includes(kind)
          ? kinds.filter((k) => k !== kind)
          : CONSOLE_KINDS.filter((k) => k === kind || kinds.includes(k)),
      })
    },
    setText: (text) => set({ text }),
    clear: () => {
      ring.clear()
      set({ version: get().version + 1 })
    },
  }))
  /** The same array while no new secret appeared, so views keyed on it do not redo their work. */
  const secrets = () => {
    const before = remembered.size
    for (const value of options.currentSecrets?.() ?? []) remembered.add(value)
    // Longest first, so a value that contains another is masked whole.
    if (remembered.size !== before) sorted = [...remembered].sort((a, b) => b.length - a.length)
    return sorted
  }
  return Object.assign(store, {
    ring,
    secrets,
    record: (entry: Omit<ConsoleEntry, 'index'>) => {
      ring.push({ ...entry, index: ring.end }, ENTRY_BYTES + estimateJsonBytes(entry.detail))
      if (isScheduled) return
      isScheduled = true
      schedule(() => {
        isScheduled = false
        store.setState({ version: store.getState().version + 1 })
      })
    },
  })
}
