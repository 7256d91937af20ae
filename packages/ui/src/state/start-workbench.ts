/**
 * Starts the page's background work: discovery follows the URL list, uploads and environments load, a pasted token
 * is picked up, and pending environment edits are saved when the tab is hidden. Nothing asks the server anything
 * until the session token is known to work: without it every request would fail and each failure would show its own
 * copy of the one message that matters, which the session banner gives once.
 */
import { captureSessionToken, missingTokenProblem, readSessionToken, sessionTokenReady } from '../api/session-token.js'
import { ApiError } from '../api/api-error.js'
import { rediscoverOnTrustChange } from './auth-rediscovery.js'
import { startWorkspaces } from './start-workspaces.js'
import { activeUrls } from './urls-store.js'
import type { Workbench } from './workbench.js'

/** True when the page holds a token the server accepts (or needs none); otherwise the session banner says why. */
async function hasWorkingSession(workbench: Workbench): Promise<boolean> {
  const { session, api } = workbench
  const { token, problem, isVerified } = await sessionTokenReady()
  if (!session.getState().config.tokenRequired) return true
  if (problem) {
    session.getState().reportSessionProblem(problem)
    return false
  }
  if (!token) {
    session.getState().reportSessionProblem(missingTokenProblem())
    return false
  }
  if (isVerified) return true
  try {
    await api.protocols()
    return true
  } catch (error) {
    // A refused token is reported by the API client itself; any other failure is left to the requests that follow.
    return !(error instanceof ApiError && error.isSessionProblem)
  }
}

/** Returns a function that stops following the URL list. */
export function startWorkbench(workbench: Workbench): () => void {
  const { urls, discovery, uploads, session, environments } = workbench
  let isStopped = false
  let isStarted = false
  let unsubscribe: () => void = () => undefined
  let stopRediscovery: () => void = () => undefined
  let stopWorkspaces: () => void = () => undefined

  const begin = () => {
    if (isStopped || isStarted) return
    isStarted = true
    session.getState().clearSessionProblem()
    session.getState().markReady()
    let last = activeUrls(urls.getState()).join('\n')
    void discovery.getState().sync(activeUrls(urls.getState()))
    void uploads.getState().load()
    void environments.getState().load()
    stopRediscovery = rediscoverOnTrustChange(environments, discovery)
    stopWorkspaces = startWorkspaces(workbench)
    unsubscribe = urls.subscribe((state) => {
      const list = activeUrls(state)
      const joined = list.join('\n')
      if (joined === last) return
      last = joined
      void discovery.getState().sync(list)
    })
  }
  void hasWorkingSession(workbench).then((ok) => ok && begin())

  // Pasting the CLI's URL into a tab that already shows the workbench only changes the hash: no reload happens.
  const onHashChange = () => {
    const before = readSessionToken()
    captureSessionToken()
    void (async () => {
      const { token } = await sessionTokenReady()
      if (!token || token === before) {
        if (!isStarted) await hasWorkingSession(workbench)
        return
      }
      if (!(await hasWorkingSession(workbench))) return
      if (!isStarted) {
        begin()
        return
      }
      session.getState().clearSessionProblem()
      void discovery.getState().discover(activeUrls(urls.getState()))
      void uploads.getState().load()
      void environments.getState().load()
    })()
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
    isStopped = true
    unsubscribe()
    stopRediscovery()
    stopWorkspaces()
    window.removeEventListener('hashchange', onHashChange)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('beforeunload', onBeforeUnload)
    workbench.auth.dispose()
  }
}
