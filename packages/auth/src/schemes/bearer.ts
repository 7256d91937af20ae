/** Bearer Token: `Authorization: Bearer <token>`. */
import { WorkbenchError } from '@wirebench/core'
import type { BearerAuth } from '../environment.js'
import type { AuthScheme } from '../scheme/types.js'

export const bearerScheme: AuthScheme<BearerAuth> = {
  type: 'bearer',
  label: 'Bearer Token',
  description: 'Sends Authorization: Bearer <token>.',
  fields: [{ key: 'token', label: 'Token', kind: 'secret', secret: true, placeholder: '${token}' }],
  defaults: () => ({ type: 'bearer', token: '' }),
  headerNames: () => ['Authorization'],
  apply(config) {
    if (config.token.trim() === '') {
      return Promise.reject(
        new WorkbenchError('invalid_request', 'The bearer token is empty.', {
          hint: 'Fill in the token, or choose No Auth for this environment.',
        }),
      )
    }
    return Promise.resolve({ headers: { Authorization: `Bearer ${config.token}` }, markers: {} })
  },
}
