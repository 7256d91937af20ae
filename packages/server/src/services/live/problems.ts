/** Problems of live calls: the server's one problem renderer, with internal errors logged and answered generically. */
import { WorkbenchError } from '@wirebench/core'
import type { Logger, Problem } from '@wirebench/core'
import { toProblem } from '../../errors/problem.js'

/** Whatever was thrown, as a problem fit for the browser: an `internal` error's text stays in the log. */
export function problemOf(error: unknown, logger: Logger): Problem {
  const workbenchError = WorkbenchError.from(error)
  if (workbenchError.code !== 'internal') return toProblem(workbenchError)
  const cause = workbenchError.cause ?? workbenchError
  logger.error('live call internal error', {
    error: cause instanceof Error ? (cause.stack ?? cause.message) : typeof cause,
  })
  return toProblem(new WorkbenchError('internal', 'Unexpected server error; see the server log.'))
}
