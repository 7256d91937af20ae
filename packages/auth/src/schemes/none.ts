/** No Auth: nothing is added (the default). */
import type { NoAuth } from '../environment.js'
import type { AuthScheme } from '../scheme/types.js'

export const noneScheme: AuthScheme<NoAuth> = {
  type: 'none',
  label: 'No Auth',
  description: 'Nothing is added to the request.',
  fields: [],
  defaults: () => ({ type: 'none' }),
  headerNames: () => [],
  apply: () => Promise.resolve({ headers: {}, markers: {} }),
}
