/** Starts the page's background work: discovery follows the URL list, and uploaded files are loaded once. */
import { activeUrls } from './urls-store.js'
import type { Workbench } from './workbench.js'

/** Returns a function that stops following the URL list. */
export function startWorkbench(workbench: Workbench): () => void {
  const { urls, discovery, uploads } = workbench
  let last = activeUrls(urls.getState()).join('\n')
  void discovery.getState().sync(activeUrls(urls.getState()))
  void uploads.getState().load()
  return urls.subscribe((state) => {
    const list = activeUrls(state)
    const joined = list.join('\n')
    if (joined === last) return
    last = joined
    void discovery.getState().sync(list)
  })
}
