/**
 * The known workspaces and the active one's content (saved requests, folders, problems), kept in step with the
 * server: every change goes through the workspace routes and the content is read again, and a poll picks up
 * changes made on disk (a `git pull`, an editor) while the page is visible.
 */
import type { SavedFolder, SavedRequest, SavedRequestEntry, WorkspaceContent, WorkspaceSummary } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { ApiError } from '../api/api-error.js'
import type { WorkspacesApi } from '../api/workspaces-client.js'

/** Until the server answers, tabs and history belong to the default workspace. */
export const DEFAULT_WORKSPACE_ID = 'default'

/** How often the content is read again to see changes made on disk. */
const POLL_MS = 5_000

export interface WorkspaceState {
  /** `unavailable` when the server has no workspace routes (an older server): saving is not offered. */
  status: 'loading' | 'ready' | 'unavailable'
  workspaces: WorkspaceSummary[]
  activeId: string
  content: WorkspaceContent | null
  problem: ApiError | null
  refresh: () => Promise<void>
  activate: (id: string) => Promise<void>
  create: (name: string, dir?: string) => Promise<void>
  rename: (id: string, name: string) => Promise<void>
  forget: (id: string, deleteFiles: boolean) => Promise<void>
  /** Creates or replaces a saved request; a `conflict` ApiError (409) when the file changed since `baseRevision`. */
  saveRequest: (path: string, request: SavedRequest, baseRevision?: string) => Promise<SavedRequestEntry | undefined>
  deleteRequest: (path: string) => Promise<void>
  move: (from: string, to: string) => Promise<void>
  saveFolder: (path: string, folder: SavedFolder) => Promise<void>
}

export type WorkspaceStore = StoreApi<WorkspaceState>

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && (error.problem.status === 409 || error.problem.code === 'conflict')
}

/** How long the last content read took: a large workspace is polled less often (the live socket says sooner). */
let lastLoadMs = 0

export function createWorkspaceStore(api: WorkspacesApi): WorkspaceStore {
  const store = createStore<WorkspaceState>()((set, get) => {
    const loadContent = async (id: string, early?: Promise<WorkspaceContent | undefined>) => {
      const started = performance.now()
      const content = (await early) ?? (await api.content(id))
      lastLoadMs = performance.now() - started
      if (get().activeId !== id) return
      // An unchanged workspace keeps its object: the sidebar's filtered list of thousands is not rebuilt per poll.
      const current = get().content
      if (current && current.id === id && signatureOf(current) === signatureOf(content)) return
      set({ content, problem: null })
    }
    const run = async (action: () => Promise<unknown>) => {
      try {
        await action()
      } finally {
        await get().refresh()
      }
    }
    return {
      status: 'loading',
      workspaces: [],
      activeId: DEFAULT_WORKSPACE_ID,
      content: null,
      problem: null,
      refresh: async () => {
        try {
          // The content of the workspace that was active is read beside the list, not after it: on a page load the
          // two reads of a large workspace otherwise add up before the sidebar shows anything.
          const expected = get().activeId
          const early = api.content(expected).catch(() => undefined)
          const list = await api.list()
          set({ workspaces: list.workspaces, activeId: list.activeId, status: 'ready' })
          await loadContent(list.activeId, list.activeId === expected ? early : undefined)
        } catch (error) {
          const problem = ApiError.fromUnknown(error)
          if (problem.problem.status === 404) set({ status: 'unavailable', problem: null })
          else set({ problem })
        }
      },
      activate: (id) =>
        run(async () => {
          await api.activate(id)
          set({ activeId: id, content: null })
        }),
      create: (name, dir) =>
        run(async () => {
          const created = await api.create(dir ? { name, dir } : { name })
          await api.activate(created.id)
        }),
      rename: (id, name) => run(() => api.update(id, { name })),
      forget: (id, deleteFiles) => run(() => api.forget(id, deleteFiles)),
      saveRequest: async (path, request, baseRevision) => {
        const entry = await api.saveRequest(get().activeId, path, request, baseRevision)
        await loadContent(get().activeId)
        // The route answers with the entry; the content read afterwards has it too (and its revision) either way.
        return get().content?.requests.find((r) => r.path === path) ?? entry
      },
      deleteRequest: (path) => run(() => api.deleteRequest(get().activeId, path)),
      move: (from, to) => run(() => api.move(get().activeId, from, to)),
      saveFolder: (path, folder) => run(() => api.saveFolder(get().activeId, path, folder)),
    }
  })
  return store
}

function signatureOf(content: WorkspaceContent): string {
  return JSON.stringify([
    content.name,
    content.revision,
    content.requests.map((r) => [r.path, r.revision]),
    content.folders,
    content.problems,
  ])
}

/** Reads the content again every few seconds while the page is visible, so changes made on disk show up. */
export function startWorkspacePolling(store: WorkspaceStore): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let isStopped = false
  const next = () => {
    if (isStopped) return
    // Never more than a tenth of the time in content reads: 5,000 saved requests take the server about a second.
    timer = setTimeout(() => void tick(), Math.max(POLL_MS, lastLoadMs * 10))
  }
  const tick = async () => {
    if (document.visibilityState === 'visible' && store.getState().status === 'ready') await store.getState().refresh()
    next()
  }
  next()
  return () => {
    isStopped = true
    clearTimeout(timer)
  }
}
