/**
 * "Send the credentials of Local demo to petstore.swagger.io?": asked once per environment and host, before the first
 * call (or discovery) that would carry them there. The answer is remembered in the environment (its Hosts tab);
 * closing the dialog cancels the waiting calls and remembers nothing.
 */
import { useEffect, useRef, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { authTypeLabel } from './auth-schemes.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import '../../styles/auth.css'

export function HostQuestionDialog(): ReactElement | null {
  const { auth, environments } = useWorkbench()
  const question = useStore(auth.hostQuestions.store, (s) => s.questions[0])
  const environment = useStore(environments, (s) =>
    s.document.environments.find((env) => env.id === question?.environmentId),
  )
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (question && element && !element.open) element.showModal()
  }, [question])

  if (!question) return null
  const { answer, dismiss } = auth.hostQuestions.store.getState()
  const authLabel = environment && environment.auth.type !== 'none' ? authTypeLabel(environment.auth.type) : null
  return (
    <dialog
      ref={dialog}
      key={question.id}
      className="host-question"
      aria-labelledby="host-question-title"
      aria-describedby="host-question-text"
      data-host={question.host}
      // Escape, or anything else that closes the dialog without an answer, cancels the calls waiting on it.
      onClose={() => dismiss(question.id)}
    >
      <h2 id="host-question-title">
        Send the credentials of <em>{question.environmentName}</em> to{' '}
        <span className="mono host-question-host">{question.host}</span>?
      </h2>
      <p id="host-question-text">
        {authLabel ? <>Its auth ({authLabel})</> : <>Its auth</>} and its secret variables go only to hosts you approve.
        Without them, the call goes out with secret variables left as written. The answer is kept in the environment
        (Environments → Hosts), where you can change it.
      </p>
      <div className="host-question-actions">
        <button type="button" className="btn btn-ghost" onClick={() => dismiss(question.id)}>
          Cancel the call
        </button>
        <button type="button" className="btn" onClick={() => answer(question.id, false)}>
          Send without them
        </button>
        <button type="button" className="btn btn-primary" onClick={() => answer(question.id, true)}>
          Send credentials
        </button>
      </div>
    </dialog>
  )
}
