/** Wires the API client and every store of one page together; components reach it through WorkbenchContext. */
import type { ClientConfig } from '@wirebench/core'
import { createApiClient, type ApiClient } from '../api/api-client.js'
import { createEnvironmentsClient } from '../api/environments-client.js'
import { readSessionToken } from '../api/session-token.js'
import { createAuthSession, type AuthSession } from './auth-session.js'
import { withOutgoingAuth } from './outgoing-api.js'
import { createTargetResolver } from './auth-targets.js'
import { createCallsStore, type CallsStore } from './calls-store.js'
import { createDiscoveryStore, type DiscoveryStore } from './discovery-store.js'
import { createDraftsStore, type DraftsStore } from './drafts-store.js'
import { createEnvironmentsStore, type EnvironmentsStore } from './environments-store.js'
import { createPluginsStore, type PluginsStore } from './plugins-store.js'
import { createPrefsStore, type PrefsStore } from './prefs-store.js'
import { createSelectionStore, type SelectionStore } from './selection-store.js'
import { createSessionStore, type SessionStore } from './session-store.js'
import { createUploadsStore, type UploadsStore } from './uploads-store.js'
import { createTabsStore, type TabsStore } from './tabs-store.js'
import { createUrlsStore, type UrlsStore } from './urls-store.js'
import { createWorkspaceStore, type WorkspaceStore } from './workspace-store.js'
import { createWorkspacesClient, type WorkspacesApi } from '../api/workspaces-client.js'
import { decidedAuth, effectiveRequestAuth } from './request-auth.js'
import { createResponseMemory, type ResponseMemory } from './response-memory.js'
import type { LiveStore } from './live-store.js'
import { createConsoleRecorder, type ConsoleRecorder } from '../features/console/console-recorder.js'
import { createConsoleStore } from '../features/console/console-store.js'
import { secretValuesOf } from '../features/response/secret-values.js'
import { activeEnvironment } from './environments-store.js'
import { secretMarksOf } from '../features/environments/secret-marks.js'
import { createEditorRequestStore, type EditorRequestStore } from '../features/environments/editor-request.js'
import { bothCallsObservers, type HintEngine } from '../features/hints/hint-engine.js'
import { createPageHints } from '../features/hints/page-hints.js'

export interface Workbench {
  api: ApiClient
  session: SessionStore
  urls: UrlsStore
  discovery: DiscoveryStore
  uploads: UploadsStore
  plugins: PluginsStore
  prefs: PrefsStore
  selection: SelectionStore
  drafts: DraftsStore
  calls: CallsStore
  environments: EnvironmentsStore
  auth: AuthSession
  workspacesApi: WorkspacesApi
  workspace: WorkspaceStore
  tabs: TabsStore
  /** The responses request chaining reads (`${response.…}`, `${smoke/login.response.…}`). */
  responses: ResponseMemory
  /** The live store once the page made one (`liveStoreOf` makes it and sets this). */
  liveStore?: LiveStore
  /** The console: every call of the page, recorded where unary and live calls flow. */
  console: ConsoleRecorder
  /** Opens the environments editor on a tab from elsewhere on the page. */
  environmentEditor: EditorRequestStore
  /** The hint engine: rules over the page's calls and discovery, shown beside the response. */
  hints: HintEngine
}

export function createWorkbench(config: ClientConfig): Workbench {
  const session = createSessionStore(config)
  const api = createApiClient({
    prefix: config.prefix,
    getToken: readSessionToken,
    onSessionProblem: (error) => session.getState().reportSessionProblem(error),
  })
  const environments = createEnvironmentsStore({ api: createEnvironmentsClient(api) })
  const uploads = createUploadsStore(api)
  // Discovery's client goes through the auth session, which asks discovery where calls go: bound once both exist.
  const late: {
    discovery?: DiscoveryStore
    workspace?: WorkspaceStore
    tabs?: TabsStore
    calls?: CallsStore
    workbench?: Workbench
  } = {}
  const responses = createResponseMemory({
    calls: () => late.calls,
    live: () => late.workbench?.liveStore,
    tabs: () => late.tabs,
  })
  const noVars: Readonly<Record<string, string>> = {}
  const auth = createAuthSession({
    api,
    environments,
    prefix: config.prefix,
    resolveTarget: (address, serverUrl) =>
      late.discovery ? createTargetResolver(late.discovery, uploads)(address, serverUrl) : serverUrl,
    preApprovedUrls: [...(config.lockedUrls ?? []), ...config.demoUrls],
    // The active workspace's variables, below the environment's (system → environment → workspace).
    workspaceVars: () => late.workspace?.getState().content?.vars ?? noVars,
    // A saved request's tab sends with the request's or its folder's auth when they set one.
    requestAuth: (draftKey) => {
      const tab = late.tabs?.getState().tabs.find((t) => t.key === draftKey)
      if (!tab) return undefined
      if (tab.savedPath === undefined) return decidedAuth(tab.auth)
      return effectiveRequestAuth(late.workspace?.getState().content, tab.savedPath)
    },
    chainResolver: (draftKey) => responses.resolverFor(draftKey),
  })
  // Discovery carries the active environment's TLS trust settings, and its auth to the hosts that may receive it.
  const discovery = createDiscoveryStore(withOutgoingAuth(api, auth))
  late.discovery = discovery
  const workspacesApi = createWorkspacesClient(api)
  const workspace = createWorkspaceStore(workspacesApi)
  late.workspace = workspace
  const tabs = createTabsStore()
  late.tabs = tabs
  const consoleRecorder = createConsoleRecorder(
    createConsoleStore({
      currentSecrets: () => {
        const environment = activeEnvironment(environments.getState())
        return secretValuesOf(environment, environment ? secretMarksOf(environment.id) : [])
      },
    }),
  )
  const hints = createPageHints({
    environments,
    discovery,
    uploads,
    responses,
    workspaceVars: () => workspace.getState().content?.vars ?? noVars,
    live: () => late.workbench?.liveStore,
  })
  // Every call takes the active environment's variables and auth right before it is posted.
  const calls = createCallsStore(
    withOutgoingAuth(api, auth),
    bothCallsObservers(consoleRecorder.callsObserver, hints.callsObserver),
  )
  late.calls = calls
  const workbench: Workbench = {
    api,
    session,
    urls: createUrlsStore(config),
    discovery,
    uploads,
    plugins: createPluginsStore(api),
    prefs: createPrefsStore(),
    selection: createSelectionStore(),
    drafts: createDraftsStore(),
    calls,
    environments,
    auth,
    workspacesApi,
    workspace,
    tabs,
    responses,
    console: consoleRecorder,
    environmentEditor: createEditorRequestStore(),
    hints,
  }
  late.workbench = workbench
  return workbench
}
