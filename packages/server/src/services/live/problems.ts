/**
 * Problems of live calls: the server's one problem renderer, with internal errors logged and answered generically,
 * and the errors the multiplexer itself reports.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Logger, Problem, ProtocolPlugin } from '@wirebench/core'
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

export function unsupported(plugin: ProtocolPlugin, what: string): WorkbenchError {
  return new WorkbenchError('unsupported', `The ${plugin.name} plugin does not support ${what}.`)
}

/** A channel's `send` resolved false. */
export function notAccepted(): WorkbenchError {
  return new WorkbenchError('conflict', 'The channel did not take the message: it is closed for sending or busy.', {
    hint: 'Wait for the earlier messages to be sent, or open the channel again.',
  })
}
