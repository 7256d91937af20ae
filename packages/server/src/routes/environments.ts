/**
 * `GET /api/environments` → `{document, revision, issues?}` and `PUT /api/environments` `{document, baseRevision?}` →
 * `{revision}`. Secrets are returned (the UI edits them; the route is token-gated and same-origin) and never logged.
 */
import { WorkbenchError } from '@wirebench/core'
import type { EnvironmentsResponse, SaveEnvironmentsResponse } from '@wirebench/auth'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendProblem } from '../errors/error-handler.js'
import { toProblem } from '../errors/problem.js'
import type { EnvironmentStore, EnvironmentsParser } from '../services/environment-store.js'
import { putEnvironmentsBodySchema } from './auth-schemas.js'
import type { PutEnvironmentsBody } from './auth-schemas.js'

export interface EnvironmentRouteDeps {
  store: EnvironmentStore
  parse: EnvironmentsParser
  jsonBodyBytes: number
}

const maxListedIssues = 50

export function registerEnvironmentRoutes(app: FastifyInstance, deps: EnvironmentRouteDeps): void {
  app.get('/api/environments', async (_request, reply): Promise<EnvironmentsResponse> => {
    void reply.header('cache-control', 'no-store')
    const { document, revision, issues } = await deps.store.load()
    return issues.length > 0 ? { document, revision, issues } : { document, revision }
  })

  app.put<{ Body: PutEnvironmentsBody }>(
    '/api/environments',
    // The body is never logged: variables and auth fields hold secrets.
    { schema: { body: putEnvironmentsBodySchema }, bodyLimit: deps.jsonBodyBytes },
    async (request, reply): Promise<SaveEnvironmentsResponse | FastifyReply> => {
      const parsed = deps.parse(request.body.document)
      if (!parsed.ok) {
        const errors = parsed.issues
          .slice(0, maxListedIssues)
          .map((issue) => ({ path: `document${issue.path}`, message: issue.message }))
        const first = errors[0]
        const error = new WorkbenchError(
          'invalid_request',
          // Issue messages are sentences of their own, most ending with their period: one period, not two.
          first
            ? `The environments document is invalid: ${first.path} ${first.message.replace(/\.$/, '')}.`
            : 'The document is invalid.',
          { hint: 'Nothing was saved; fix the fields listed in errors and save again.' },
        )
        return sendProblem(reply, toProblem(error, { errors }))
      }
      const saveInput =
        request.body.baseRevision === undefined
          ? { document: parsed.document }
          : { document: parsed.document, baseRevision: request.body.baseRevision }
      return deps.store.save(saveInput)
    },
  )
}
