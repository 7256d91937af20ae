/** The one error type of the demo REST service, rendered as the document's `Error` body. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

export interface ErrorDetail {
  location: 'path' | 'query' | 'header' | 'body'
  path: string
  message: string
}

export class HttpError extends Error {
  readonly status: number
  readonly code: string
  readonly details: ErrorDetail[] | undefined
  readonly headers: Record<string, string>

  constructor(options: {
    status: number
    code: string
    message: string
    details?: ErrorDetail[]
    headers?: Record<string, string>
  }) {
    super(options.message)
    this.name = 'HttpError'
    this.status = options.status
    this.code = options.code
    this.details = options.details
    this.headers = options.headers ?? {}
  }

  static notFound(what: string): HttpError {
    return new HttpError({ status: 404, code: 'not_found', message: `${what} does not exist.` })
  }

  static unprocessable(code: string, message: string): HttpError {
    return new HttpError({ status: 422, code, message })
  }
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number'
}

/** Fastify error handler: our errors as documented, framework 4xx (bad JSON, 413, 415) as `Error` bodies, the rest as 500. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError) {
    const body = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }
    return reply.code(error.status).headers(error.headers).send(body)
  }
  if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
    const code =
      error.statusCode === 415 ? 'unsupported_media_type' : error.statusCode === 413 ? 'too_large' : 'bad_request'
    return reply.code(error.statusCode).send({ code, message: error.message })
  }
  request.log.error({ err: error }, 'demo handler failed')
  return reply.code(500).send({ code: 'internal', message: 'Internal server error.' })
}
