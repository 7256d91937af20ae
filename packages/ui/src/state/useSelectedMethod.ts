/** The method open in the request pane, or null when nothing (or something that vanished) is selected. */
import { useStore } from 'zustand'
import type { MethodRef } from './catalog.js'
import { useCatalog } from './useCatalog.js'
import { useWorkbench } from './useWorkbench.js'

export function useSelectedMethod(): MethodRef | null {
  const { selection } = useWorkbench()
  const key = useStore(selection, (s) => s.selectedKey)
  const catalog = useCatalog()
  return key ? (catalog.byKey.get(key) ?? null) : null
}
