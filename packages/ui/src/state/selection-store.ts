/** Which method is open, what the sidebar search holds, and which sidebar groups are collapsed. */
import { createStore, type StoreApi } from 'zustand/vanilla'

export type SidebarTab = 'services' | 'saved' | 'files' | 'plugins'

/** What the search box asked of the result list: move the focus into it, or open its first operation. */
export type ResultsRequest = 'focus' | 'open'

export interface SelectionState {
  selectedKey: string | null
  query: string
  collapsed: ReadonlySet<string>
  sidebarTab: SidebarTab
  /** Narrow screens show the sidebar as a drawer. */
  isDrawerOpen: boolean
  /** Set by Ctrl+K; the search box focuses itself once it is mounted and clears the flag. */
  isSearchFocusPending: boolean
  /** Set by the search box's arrow keys and Enter; the list acts on it once and clears it. */
  resultsRequest: ResultsRequest | null
  select: (key: string | null) => void
  setQuery: (query: string) => void
  toggleCollapsed: (groupId: string) => void
  setSidebarTab: (tab: SidebarTab) => void
  setDrawerOpen: (isOpen: boolean) => void
  /** Shows the Services tab (and the drawer on narrow screens) and asks the search box to take focus. */
  requestSearchFocus: () => void
  clearSearchFocusRequest: () => void
  requestResults: (request: ResultsRequest) => void
  clearResultsRequest: () => void
}

export type SelectionStore = StoreApi<SelectionState>

export function createSelectionStore(): SelectionStore {
  return createStore<SelectionState>()((set) => ({
    selectedKey: null,
    query: '',
    collapsed: new Set(),
    sidebarTab: 'services',
    isDrawerOpen: false,
    isSearchFocusPending: false,
    resultsRequest: null,
    select: (selectedKey) => set({ selectedKey, isDrawerOpen: false }),
    setQuery: (query) => set({ query }),
    toggleCollapsed: (groupId) =>
      set((s) => {
        const collapsed = new Set(s.collapsed)
        if (collapsed.has(groupId)) collapsed.delete(groupId)
        else collapsed.add(groupId)
        return { collapsed }
      }),
    setSidebarTab: (sidebarTab) => set({ sidebarTab }),
    setDrawerOpen: (isDrawerOpen) => set({ isDrawerOpen }),
    requestSearchFocus: () => set({ sidebarTab: 'services', isDrawerOpen: true, isSearchFocusPending: true }),
    clearSearchFocusRequest: () => set({ isSearchFocusPending: false }),
    requestResults: (resultsRequest) => set({ resultsRequest }),
    clearResultsRequest: () => set({ resultsRequest: null }),
  }))
}
