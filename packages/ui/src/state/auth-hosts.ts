/**
 * The page's host questions ("Send the credentials of Local demo to petstore.swagger.io?") and the notices of calls
 * that went without credentials. One question per environment and host at a time: every call waiting on it shares the
 * answer, which is remembered in the environment (and saved at once), so it is asked once. A notice lasts until it is
 * dismissed, the host is approved (by the question or in the Hosts tab), or a later call to it carries the credentials.
 */
import type { CredentialsOutcome, HostQuestion } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EnvironmentsStore } from './environments-store.js'

export interface PendingHostQuestion extends HostQuestion {
  id: string
}

/** A call that went without the environment's credentials, shown until dismissed or no longer true. */
export interface WithheldNotice {
  id: string
  environmentId: string
  environmentName: string
  host?: string
  reason: CredentialsOutcome['reason']
  /** Secret variables left as written in the call. */
  withheld: string[]
}

export interface HostQuestionsState {
  /** Waiting for an answer, oldest first (the dialog shows the first). */
  questions: PendingHostQuestion[]
  notices: WithheldNotice[]
  answer: (id: string, approved: boolean) => void
  /** Closes a question without an answer: the calls waiting on it are cancelled, nothing is remembered. */
  dismiss: (id: string) => void
  dismissNotice: (id: string) => void
}

export type HostQuestionsStore = StoreApi<HostQuestionsState>

export interface HostQuestions {
  store: HostQuestionsStore
  /** Resolves with the user's answer (remembered in the environment); rejects with `cancelled` when dismissed. */
  ask(question: HostQuestion): Promise<boolean>
  /** Records that a call went without credentials (one notice per environment and host, the latest). */
  notify(notice: Omit<WithheldNotice, 'id'>): void
  /** A call to the host went with the environment's credentials: its notice no longer holds. */
  clearNotice(environmentId: string, host: string | undefined): void
}

const MAX_NOTICES = 3

export function createHostQuestions(environments: EnvironmentsStore): HostQuestions {
  const waiting = new Map<string, { promise: Promise<boolean>; settle: (approved: boolean | Error) => void }>()
  const keyOf = (q: HostQuestion) => `${q.environmentId}\u0000${q.host}`
  const noticeId = (environmentId: string, host: string | undefined) => `${environmentId}\u0000${host ?? ''}`
  const clearNotice = (environmentId: string, host: string | undefined) => {
    const id = noticeId(environmentId, host)
    if (store.getState().notices.some((n) => n.id === id)) {
      store.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }))
    }
  }

  const settle = (id: string, answer: boolean | Error) => {
    const question = store.getState().questions.find((q) => q.id === id)
    if (!question) return
    store.setState((s) => ({ questions: s.questions.filter((q) => q.id !== id) }))
    if (typeof answer === 'boolean') environments.getState().decideHost(question.environmentId, question.host, answer)
    if (answer === true) clearNotice(question.environmentId, question.host)
    const entry = waiting.get(id)
    waiting.delete(id)
    entry?.settle(answer)
  }

  const store = createStore<HostQuestionsState>()((set) => ({
    questions: [],
    notices: [],
    answer: (id, approved) => settle(id, approved),
    dismiss: (id) => {
      const question = store.getState().questions.find((q) => q.id === id)
      settle(
        id,
        new WorkbenchError('cancelled', `Not sent: the question about ${question?.host ?? 'the host'} was closed.`, {
          hint: 'Send again and answer whether the environment’s credentials may go to this host.',
        }),
      )
    },
    dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  }))

  // Approving a host in the Hosts tab (or removing the environment) ends its notices too.
  environments.subscribe((state, previous) => {
    if (state.document === previous.document || store.getState().notices.length === 0) return
    const stale = store.getState().notices.filter((notice) => {
      const environment = state.document.environments.find((env) => env.id === notice.environmentId)
      return !environment || (notice.host !== undefined && !!environment.hosts?.approved.includes(notice.host))
    })
    if (stale.length > 0) store.setState((s) => ({ notices: s.notices.filter((n) => !stale.includes(n)) }))
  })

  return {
    store,
    clearNotice,
    ask(question) {
      const id = keyOf(question)
      const pending = waiting.get(id)
      if (pending) return pending.promise
      let settleWith: (answer: boolean | Error) => void = () => undefined
      const promise = new Promise<boolean>((resolve, reject) => {
        settleWith = (answer) => (answer instanceof Error ? reject(answer) : resolve(answer))
      })
      waiting.set(id, { promise, settle: settleWith })
      store.setState((s) => ({ questions: [...s.questions, { ...question, id }] }))
      return promise
    },
    notify(notice) {
      const id = noticeId(notice.environmentId, notice.host)
      store.setState((s) => ({
        notices: [...s.notices.filter((n) => n.id !== id), { ...notice, id }].slice(-MAX_NOTICES),
      }))
    },
  }
}
