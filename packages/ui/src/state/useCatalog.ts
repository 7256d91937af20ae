/** The merged catalog of discovered and uploaded services, rebuilt only when one of its inputs changes. */
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { buildCatalog, type Catalog } from './catalog.js'
import { activeUrls } from './urls-store.js'
import { useWorkbench } from './useWorkbench.js'

export function useCatalog(): Catalog {
  const { discovery, uploads, urls } = useWorkbench()
  const byUrl = useStore(discovery, (s) => s.byUrl)
  const uploaded = useStore(uploads, (s) => s.services)
  const userUrls = useStore(urls, (s) => s.userUrls)
  const lockedUrls = useStore(urls, (s) => s.lockedUrls)
  const demoUrls = useStore(urls, (s) => s.demoUrls)
  return useMemo(() => {
    const order = activeUrls({ userUrls, lockedUrls, demoUrls })
    const discovered = order.map((url) => ({ url, services: byUrl[url]?.services ?? [] }))
    return buildCatalog({ discovered, uploaded })
  }, [byUrl, uploaded, userUrls, lockedUrls, demoUrls])
}
