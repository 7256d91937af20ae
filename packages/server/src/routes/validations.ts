/** `GET /api/validations/:id`: the result of a large response's validation, answered once the worker has it. */
import { WorkbenchError } from '@wirebench/core'
import type { ResponseValidation } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import type { ServerResponseValidator } from '../services/validation/response-validator.js'

const paramsSchema = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9a-f-]{36}$' } },
  required: ['id'],
  additionalProperties: false,
} as const

export function registerValidationRoutes(app: FastifyInstance, validator: ServerResponseValidator): void {
  app.addHook('onClose', () => validator.close())
  // Reading a result changes nothing: a GET, which waits for the worker when it is not done yet.
  app.get<{ Params: { id: string } }>(
    '/api/validations/:id',
    { schema: { params: paramsSchema } },
    (request): Promise<ResponseValidation> => {
      const result = validator.result(request.params.id)
      if (result === undefined) {
        throw new WorkbenchError('not_found', `No validation ${request.params.id} is pending or kept.`, {
          hint: 'Results are kept for a minute after they are ready; send the request again to validate anew.',
        })
      }
      return result
    },
  )
}
