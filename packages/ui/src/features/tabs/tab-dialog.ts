/** Which question the tab bar is asking: a name for a save, whether to drop unsaved changes, or how to settle a conflict. */
import { createStore } from 'zustand/vanilla'

export type TabDialog =
  | { kind: 'save-as'; key: string; problem?: string }
  | { kind: 'close'; key: string }
  | { kind: 'conflict'; key: string }

interface TabDialogState {
  dialog: TabDialog | null
  show: (dialog: TabDialog | null) => void
}

// Module scope like the page's other drafts: one tab bar per page.
export const tabDialog = createStore<TabDialogState>()((set) => ({
  dialog: null,
  show: (dialog) => set({ dialog }),
}))
