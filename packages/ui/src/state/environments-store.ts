/**
 * The environment document as the page edits it: loaded once, saved automatically (debounced, and at once on
 * switch or blur) against the server's revision, with a stale save turned into a "keep mine / take theirs" choice.
 * A document with a field the server would refuse is not sent (nor retried): the refusal names the field until an
 * edit fixes it, and every edit is kept in the page meanwhile.
 */
import {
  parseEnvironmentsDocument,
  withHostDecision,
  type DocumentIssue,
  type AuthConfig,
  type Environment,
  type EnvironmentsDocument,
  type HostBinding,
  type TrustSettings,
} from '@wirebench/auth'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EnvironmentsApi, EnvironmentsIssue, EnvironmentsRevision } from '../api/environments-client.js'
import { ApiError } from '../api/api-error.js'
import {
  duplicateEnvironment,
  emptyDocument,
  newEnvironmentIn,
  patchEnvironment,
  removeEnvironment,
} from '../features/environments/document-edits.js'

export const SAVE_DEBOUNCE_MS = 400
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000]

export interface EnvironmentsConflict {
  /** The document another tab (or a hand edit of the file) saved since we loaded. */
  theirs: EnvironmentsDocument
  revision: EnvironmentsRevision
}

/** A save that cannot succeed as the document stands: the fields at fault, by JSON Pointer. */
export interface SaveRefusal {
  issues: DocumentIssue[]
  /** The server's problem, when the server refused it (else the page's own validation did). */
  error?: ApiError
}

export interface EnvironmentsState {
  phase: 'loading' | 'ready' | 'failed'
  document: EnvironmentsDocument
  /** The server revision the local document is based on (null until loaded). */
  revision: EnvironmentsRevision | null
  /** Local edits the server does not have yet. */
  isDirty: boolean
  isSaving: boolean
  saveError: ApiError | null
  /** Set while the document holds a field that makes every save fail; cleared by the save after an edit. */
  refusal: SaveRefusal | null
  loadError: ApiError | null
  issues: EnvironmentsIssue[]
  conflict: EnvironmentsConflict | null
  load: () => Promise<void>
  /** Makes an environment (or none) active and saves at once: switching swaps credentials. */
  select: (id: string | null) => void
  /** Adds an environment, makes it active and returns its id. */
  create: (name: string) => string
  rename: (id: string, name: string) => void
  duplicate: (id: string) => string | null
  remove: (id: string) => void
  setVars: (id: string, vars: Record<string, string>) => void
  setAuth: (id: string, auth: AuthConfig) => void
  /** The environment's TLS trust settings (CA certificate, allow self-signed), whatever its auth. */
  setTrust: (id: string, trust: TrustSettings) => void
  /** The hosts the environment's credentials may go to, as edited in its Hosts tab. */
  setHosts: (id: string, hosts: HostBinding) => void
  /** Remembers the answer to "send the credentials to this host?" and saves at once. */
  decideHost: (id: string, host: string, approved: boolean) => void
  /** Saves pending edits now (blur, switch, page hide). */
  flush: () => Promise<void>
  keepMine: () => Promise<void>
  takeTheirs: () => void
  dismissIssues: () => void
}

export type EnvironmentsStore = StoreApi<EnvironmentsState>

export function activeEnvironment(state: Pick<EnvironmentsState, 'document'>): Environment | null {
  const { activeEnvironmentId, environments } = state.document
  return environments.find((env) => env.id === activeEnvironmentId) ?? null
}

/** Slowest environments load a call waits for before it goes without them (the page keeps working). */
const SETTLE_WAIT_MS = 10_000

/**
 * Resolves once the environments have loaded (or failed to): a call or discovery made at page start must not go out
 * without the active environment's trust settings and auth just because the document was still on its way.
 */
export function whenEnvironmentsSettled(store: EnvironmentsStore, signal?: AbortSignal): Promise<void> {
  if (store.getState().phase !== 'loading') return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, SETTLE_WAIT_MS)
    const unsubscribe = store.subscribe((state) => {
      if (state.phase !== 'loading') done()
    })
    signal?.addEventListener('abort', done, { once: true })
  })
}

export interface EnvironmentsStoreOptions {
  api: EnvironmentsApi
  debounceMs?: number
}

export function createEnvironmentsStore(options: EnvironmentsStoreOptions): EnvironmentsStore {
  const { api, debounceMs = SAVE_DEBOUNCE_MS } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: Promise<void> | null = null
  let failures = 0

  return createStore<EnvironmentsState>()((set, get) => {
    const schedule = (delay: number) => {
      clearTimeout(timer)
      timer = setTimeout(() => void save(), delay)
    }

    const edit = (change: (doc: EnvironmentsDocument) => EnvironmentsDocument, immediately = false) => {
      if (get().phase !== 'ready') return
      set({ document: change(get().document), isDirty: true })
      if (get().conflict) return // Saving waits for the user's choice; the edit stays in the page.
      if (immediately) void get().flush()
      else schedule(debounceMs)
    }

    async function save(): Promise<void> {
      clearTimeout(timer)
      if (inFlight) return inFlight
      const state = get()
      if (!state.isDirty || state.conflict || state.phase !== 'ready') return
      const snapshot = state.document
      // The server validates with the same parser: a document it would refuse is not sent, and retrying would not help.
      const checked = parseEnvironmentsDocument(snapshot)
      if (!checked.ok) {
        set({ refusal: { issues: checked.issues }, saveError: null })
        return
      }
      inFlight = (async () => {
        set({ isSaving: true })
        try {
          const { revision } = await api.save(snapshot, state.revision)
          failures = 0
          const changedMeanwhile = get().document !== snapshot
          set({ revision, isDirty: changedMeanwhile, saveError: null, refusal: null })
          if (changedMeanwhile && !get().conflict) schedule(0)
        } catch (error) {
          const problem = ApiError.fromUnknown(error)
          if (problem.problem.code === 'conflict' || problem.problem.status === 409) await loadConflict(problem)
          else if (problem.problem.status === 400) {
            // Refused as invalid: only an edit can fix it, and the next edit saves again.
            set({ refusal: { issues: problem.problem.errors ?? [], error: problem }, saveError: null })
          } else {
            // Nothing is dropped: the document stays dirty and the save is retried with backoff.
            set({ saveError: problem })
            schedule(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 30_000)
            failures += 1
          }
        } finally {
          set({ isSaving: false })
          inFlight = null
        }
      })()
      return inFlight
    }

    async function loadConflict(original: ApiError): Promise<void> {
      try {
        const latest = await api.load()
        set({ conflict: { theirs: latest.document, revision: latest.revision }, saveError: null })
      } catch (error) {
        set({ saveError: error instanceof ApiError ? error : original })
        schedule(RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1] ?? 30_000)
      }
    }

    return {
      phase: 'loading',
      document: emptyDocument(),
      revision: null,
      isDirty: false,
      isSaving: false,
      saveError: null,
      refusal: null,
      loadError: null,
      issues: [],
      conflict: null,
      load: async () => {
        if (get().isDirty) return // Never replace edits the server has not seen.
        set({ loadError: null, phase: get().phase === 'ready' ? 'ready' : 'loading' })
        try {
          const { document, revision, issues } = await api.load()
          if (get().isDirty) return
          set({ phase: 'ready', document, revision, issues: issues ?? [], loadError: null })
        } catch (error) {
          set({ loadError: ApiError.fromUnknown(error), phase: get().phase === 'ready' ? 'ready' : 'failed' })
        }
      },
      select: (id) => edit((doc) => ({ ...doc, activeEnvironmentId: id }), true),
      create: (name) => {
        let id = ''
        edit((doc) => {
          const next = newEnvironmentIn(doc, name)
          id = next.activeEnvironmentId ?? ''
          return next
        }, true)
        return id
      },
      rename: (id, name) => edit((doc) => patchEnvironment(doc, id, { name })),
      duplicate: (id) => {
        let copyId: string | null = null
        edit((doc) => {
          const next = duplicateEnvironment(doc, id)
          copyId = next === doc ? null : next.activeEnvironmentId
          return next
        }, true)
        return copyId
      },
      remove: (id) => edit((doc) => removeEnvironment(doc, id), true),
      setVars: (id, vars) => edit((doc) => patchEnvironment(doc, id, { vars })),
      setAuth: (id, auth) => edit((doc) => patchEnvironment(doc, id, { auth })),
      setTrust: (id, trust) => edit((doc) => patchEnvironment(doc, id, { trust })),
      setHosts: (id, hosts) => edit((doc) => patchEnvironment(doc, id, { hosts })),
      decideHost: (id, host, approved) =>
        edit((doc) => {
          const environment = doc.environments.find((env) => env.id === id)
          if (!environment) return doc
          const { hosts } = withHostDecision(environment, host, approved)
          return hosts ? patchEnvironment(doc, id, { hosts }) : doc
        }, true),
      flush: save,
      keepMine: async () => {
        const conflict = get().conflict
        if (!conflict) return
        // Saving on top of their revision replaces their document with ours, as the user chose.
        set({ conflict: null, revision: conflict.revision, isDirty: true })
        await save()
      },
      takeTheirs: () => {
        const conflict = get().conflict
        if (!conflict) return
        clearTimeout(timer)
        set({
          conflict: null,
          document: conflict.theirs,
          revision: conflict.revision,
          isDirty: false,
          saveError: null,
          refusal: null,
        })
      },
      dismissIssues: () => set({ issues: [] }),
    }
  })
}
