/**
 * The page's hints: the ones showing, the ones dismissed this session, the kinds muted for good (kept in
 * localStorage), and the last response view an action asked for (the response pane follows it).
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { loadPersisted, savePersisted, type PersistedSpec } from '../../state/persisted.js'
import { hintKindLabels, type Hint, type HintKind, type ResponseViewRequest } from './hint.js'

export interface ViewRequest {
  targetKey: string
  view: ResponseViewRequest
  /** Grows with each request, so asking for the same view twice is heard twice. */
  seq: number
}

export interface HintsState {
  hints: readonly Hint[]
  dismissed: ReadonlySet<string>
  muted: ReadonlySet<HintKind>
  viewRequest: ViewRequest | null
  /** Tabs whose response pane follows `viewRequest` (Timing, Find, problems); other panes (MCP, live views) do not. */
  viewKeys: ReadonlySet<string>
  /**
   * Replaces the hints of these kinds in this scope (a tab's key, or page-wide when undefined) with the given ones;
   * dismissed ids and muted kinds are left out.
   */
  replace: (scope: { targetKey?: string | undefined; kinds: readonly HintKind[] }, hints: readonly Hint[]) => void
  dismiss: (id: string) => void
  /** Hides every hint of this kind, now and in later sessions. */
  mute: (kind: HintKind) => void
  unmute: (kind: HintKind) => void
  requestView: (targetKey: string, view: ResponseViewRequest) => void
  /** A response pane that follows view requests is showing this tab (a tab's pane kind never changes). */
  followViews: (targetKey: string) => void
}

export type HintsStore = StoreApi<HintsState>

const isHintKind = (value: unknown): value is HintKind =>
  typeof value === 'string' && Object.hasOwn(hintKindLabels, value)

export const mutedKindsSpec: PersistedSpec<HintKind[]> = {
  key: 'wirebench.hints.muted',
  version: 1,
  validate: (data): data is HintKind[] => Array.isArray(data) && data.every(isHintKind),
}

export function createHintsStore(): HintsStore {
  return createStore<HintsState>()((set, get) => {
    const saveMuted = (muted: ReadonlySet<HintKind>) => savePersisted(mutedKindsSpec, [...muted])
    return {
      hints: [],
      dismissed: new Set(),
      muted: new Set(loadPersisted(mutedKindsSpec) ?? []),
      viewRequest: null,
      viewKeys: new Set(),
      replace: ({ targetKey, kinds }, hints) => {
        const { dismissed, muted } = get()
        const kept = get().hints.filter((hint) => hint.targetKey !== targetKey || !kinds.includes(hint.kind))
        const added = hints.filter((hint) => !dismissed.has(hint.id) && !muted.has(hint.kind))
        // Nothing changed: keep the same array so the strip does not render again.
        if (added.length === 0 && kept.length === get().hints.length) return
        set({ hints: [...kept, ...added] })
      },
      dismiss: (id) => {
        const dismissed = new Set(get().dismissed).add(id)
        set({ dismissed, hints: get().hints.filter((hint) => hint.id !== id) })
      },
      mute: (kind) => {
        const muted = new Set(get().muted).add(kind)
        saveMuted(muted)
        set({ muted, hints: get().hints.filter((hint) => hint.kind !== kind) })
      },
      unmute: (kind) => {
        const muted = new Set(get().muted)
        muted.delete(kind)
        saveMuted(muted)
        set({ muted })
      },
      requestView: (targetKey, view) =>
        set({ viewRequest: { targetKey, view, seq: (get().viewRequest?.seq ?? 0) + 1 } }),
      followViews: (targetKey) => {
        if (!get().viewKeys.has(targetKey)) set({ viewKeys: new Set(get().viewKeys).add(targetKey) })
      },
    }
  })
}
