/**
 * Starts the page's background work: discovery follows the URL list, uploads and environments load, a pasted token
 * is picked up, and pending environment edits are saved when the tab is hidden.
 */
import { captureSessionToken, readSessionToken } from '../api/session-token.js'
import { rediscoverOnTrustChange } from './auth-rediscovery.js'
import { activeUrls } from './urls-store.js'
import type { Workbench } from './workbench.js'

/** Returns a function that stops following the URL list. */
export function startWorkbench(workbench: Workbench): () => void {
  const { urls, discovery, uploads, session, environments } = workbench
  let last = activeUrls(urls.getState()).join('\n')
  void discovery.getState().sync(activeUrls(urls.getState()))
  void uploads.getState().load()
  void environments.getState().load()
  const stopRediscovery = rediscoverOnTrustChange(environments, discovery)
  const unsubscribe = urls.subscribe((state) => {
    const list = activeUrls(state)
    const joined = list.join('\n')
    if (joined === last) return
    last = joined
    void discovery.getState().sync(list)
  })
  // Pasting the CLI's URL into a tab that already shows the workbench only changes the hash: no reload happens.
  const onHashChange = () => {
    const before = readSessionToken()
    const token = captureSessionToken()
    if (!token || token === before) return
    session.getState().clearSessionProblem()
    void discovery.getState().discover(activeUrls(urls.getState()))
    void uploads.getState().load()
    void environments.getState().load()
  }
  // Environment edits are saved when the tab is hidden; closing it with a save still pending asks first.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void environments.getState().flush()
  }
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!environments.getState().isDirty) return
    void environments.getState().flush()
    event.preventDefault()
  }
  window.addEventListener('hashchange', onHashChange)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('beforeunload', onBeforeUnload)
  return () => {
    unsubscribe()
    stopRediscovery()
    window.removeEventListener('hashchange', onHashChange)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('beforeunload', onBeforeUnload)
    workbench.auth.dispose()
  }
}
