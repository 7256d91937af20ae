/**
 * The page's host questions ("Send the credentials of Local demo to petstore.swagger.io?") and the notices of calls
 * that went without credentials. One question per environment and host at a time: every call waiting on it shares the
 * answer, which is remembered in the environment (and saved at once), so it is asked once.
 */
import type { CredentialsOutcome, HostQuestion } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EnvironmentsStore } from './environments-store.js'

export interface PendingHostQuestion extends HostQuestion {
  id: string
}

/** A call that went without the environment's credentials, shown until dismissed. */
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
}

const MAX_NOTICES = 3

export function createHostQuestions(environments: EnvironmentsStore): HostQuestions {
  const waiting = new Map<string, { promise: Promise<boolean>; settle: (approved: boolean | Error) => void }>()
  const keyOf = (q: HostQuestion) => `${q.environmentId}\u0000${q.host}`

  const settle = (id: string, answer: boolean | Error) => {
    const question = store.getState().questions.find((q) => q.id === id)
    if (!question) return
    store.setState((s) => ({ questions: s.questions.filter((q) => q.id !== id) }))
    if (typeof answer === 'boolean') environments.getState().decideHost(question.environmentId, question.host, answer)
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

  return {
    store,
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
      const id = `${notice.environmentId}\u0000${notice.host ?? ''}`
      store.setState((s) => ({
        notices: [...s.notices.filter((n) => n.id !== id), { ...notice, id }].slice(-MAX_NOTICES),
      }))
    },
  }
}
