/** The method open in the request pane, or null when nothing (or something that vanished) is selected. */
import { useEffect, useMemo } from 'react'
import { useStore } from 'zustand'
import type { Catalog, MethodRef } from './catalog.js'
import { findByAddress, undiscoveredRef, type RequestAddress } from './request-address.js'
import { createMethodDescriptionsStore, type MethodDescriptionsStore } from './method-descriptions-store.js'
import { useCatalog } from './useCatalog.js'
import { useWorkbench } from './useWorkbench.js'
import type { Workbench } from './workbench.js'

const descriptions = new WeakMap<Workbench, MethodDescriptionsStore>()

/** The page's method descriptions, created on first use (only very large documents need them). */
function descriptionsOf(workbench: Workbench): MethodDescriptionsStore {
  let store = descriptions.get(workbench)
  if (!store) descriptions.set(workbench, (store = createMethodDescriptionsStore(workbench.api)))
  return store
}

/**
 * A catalog method is itself; a tab of its own (saved, from history, imported) borrows the method it addresses under
 * its own key (its own draft and call), or stands alone as an undiscovered request.
 */
function resolveTab(catalog: Catalog, key: string, address: RequestAddress | undefined): MethodRef | null {
  const listed = catalog.byKey.get(key)
  if (listed) return listed
  if (!address) return null
  const found = findByAddress(catalog, address)
  return found ? { ...found, key } : undiscoveredRef(key, address)
}

export function useSelectedMethod(): MethodRef | null {
  const workbench = useWorkbench()
  const key = useStore(workbench.selection, (s) => s.selectedKey)
  const catalog = useCatalog()
  const address = useStore(workbench.tabs, (s) => (key ? s.tabs.find((t) => t.key === key)?.address : undefined))
  const listed = useMemo(() => (key ? resolveTab(catalog, key, address) : null), [catalog, key, address])
  const store = descriptionsOf(workbench)
  const described = useStore(store, (s) => (listed ? s.byKey[listed.key] : undefined))
  const isDeferred = listed?.method.deferred === true
  useEffect(() => {
    if (listed && isDeferred) store.getState().load(listed)
  }, [listed, isDeferred, store])
  // A deferred method is shown as listed (no fields yet) until its description arrives.
  return useMemo(() => {
    if (!listed || !isDeferred || described?.status !== 'ready' || described.listed !== listed.method) return listed
    return { ...listed, method: described.method }
  }, [listed, isDeferred, described])
}
