/** Turns every error that reaches Fastify inside the workbench (ours, validation, body limits, bad JSON, 404) into a problem. */
import { WorkbenchError } from '@wirebench/core'
import type { Problem } from '@wirebench/core'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem.js'

interface ValidationIssue {
  instancePath?: string
  message?: string
}

/** Seconds a `busy` (503) caller should wait before sending the same request again: queued work takes milliseconds. */
const BUSY_RETRY_AFTER_SECONDS = 1

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.code === 'busy') void reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem)
}

function validationProblem(error: FastifyError): Problem {
  const part = error.validationContext ?? 'body'
  const issues = (error.validation ?? []) as ValidationIssue[]
  const errors = issues.slice(0, 20).map((issue) => ({
    path: `${part}${issue.instancePath ?? ''}`,
    message: issue.message ?? 'is invalid',
  }))
  const first = errors[0]
  const detail = first ? `${first.path} ${first.message}` : `The request ${part} is invalid.`
  return toProblem(new WorkbenchError('invalid_request', detail), { errors })
}

export interface BodyLimits {
  jsonBodyBytes: number
  uploadBytes: number
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
}

/** Maps Fastify's own errors; their messages are safe (they describe the request, not our internals). */
function frameworkProblem(error: FastifyError, limits: BodyLimits): Problem | undefined {
  const status = error.statusCode
  if (status === undefined || status < 400 || status >= 500) return undefined
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return toProblem(
        new WorkbenchError('payload_too_large', 'The request body is larger than this route accepts.', {
          hint: `Schema uploads may be up to ${megabytes(limits.uploadBytes)} and JSON bodies up to ${megabytes(limits.jsonBodyBytes)}.`,
        }),
      )
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return toProblem(new WorkbenchError('invalid_request', 'The request body is not valid JSON.'))
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return toProblem(new WorkbenchError('invalid_request', 'Send the body as application/json.'), { status })
    default:
      break
  }
  if (error instanceof SyntaxError) {
    return toProblem(new WorkbenchError('invalid_request', 'The request body is not valid JSON.'))
  }
  return toProblem(new WorkbenchError(status === 404 ? 'not_found' : 'invalid_request', error.message), { status })
}

const genericInternal = (): Problem =>
  toProblem(new WorkbenchError('internal', 'Unexpected server error; see the server log.'))

export function installErrorHandling(app: FastifyInstance, limits: BodyLimits): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (WorkbenchError.is(error, 'internal')) {
      // `internal` wraps whatever was thrown (a TypeError, a stack overflow…): its text stays in the log.
      request.log.error({ err: error.cause ?? error }, `internal error: ${error.message}`)
      return sendProblem(reply, genericInternal())
    }
    if (error instanceof WorkbenchError) {
      const problem = toProblem(error)
      if (problem.status >= 500) request.log.warn({ code: error.code }, `workbench error: ${error.message}`)
      return sendProblem(reply, problem)
    }
    if (error.validation) return sendProblem(reply, validationProblem(error))
    const framework = frameworkProblem(error, limits)
    if (framework) return sendProblem(reply, framework)
    // Unknown errors may carry anything in their message: log it, answer a generic problem.
    request.log.error({ err: error }, 'unexpected error')
    return sendProblem(reply, genericInternal())
  })

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? ''
    return sendProblem(reply, toProblem(new WorkbenchError('not_found', `No route ${request.method} ${path}.`)))
  })
}
