/**
 * The operation's problems against the schema, computed at idle time after typing pauses: validating a large
 * operation against a large schema takes tens of milliseconds, too much for every keystroke.
 */
import type { GraphQLSchema } from 'graphql'
import { useEffect, useState } from 'react'
import { operationProblems, type OperationProblem } from './operation-problems.js'

/** How long typing must pause before the text is checked. */
export const problemsDelayMs = 250

export interface OperationCheck {
  problems: OperationProblem[]
  /** The text has changed since `problems` were computed. */
  isStale: boolean
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number
  cancelIdleCallback?: (handle: number) => void
}

/** Runs `task` when the browser is idle (within a second at the latest); returns the cancel function. */
function whenIdle(task: () => void): () => void {
  const w = window as IdleWindow
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(task, { timeout: 1_000 })
    return () => w.cancelIdleCallback?.(handle)
  }
  const handle = window.setTimeout(task, 0)
  return () => window.clearTimeout(handle)
}

export function useOperationProblems(schema: GraphQLSchema | undefined, text: string): OperationCheck {
  const [checked, setChecked] = useState<{ schema?: GraphQLSchema; text: string; problems: OperationProblem[] }>(
    () => ({ text: '', problems: [] }),
  )
  useEffect(() => {
    let cancelIdle: (() => void) | undefined
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => setChecked({ schema, text, problems: operationProblems(schema, text) }))
    }, problemsDelayMs)
    return () => {
      window.clearTimeout(timer)
      cancelIdle?.()
    }
  }, [schema, text])
  return { problems: checked.problems, isStale: checked.text !== text || checked.schema !== schema }
}
