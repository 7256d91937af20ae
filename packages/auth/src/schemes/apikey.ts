/** API Key: a custom header, or a query parameter carried by the `__workbenchApiKeyQuery__` marker (gRPC ignores it). */
import { API_KEY_QUERY_MARKER, WorkbenchError, type ApiKeyQueryParam } from '@wirebench/core'
import type { ApiKeyAuth } from '../environment.js'
import type { AuthScheme } from '../scheme/types.js'

const isQuery = (config: ApiKeyAuth) => config.location === 'query'

export const apiKeyScheme: AuthScheme<ApiKeyAuth> = {
  type: 'apikey',
  label: 'API Key',
  description: 'Sends the key as a custom header or appends it to the query string.',
  fields: [
    {
      key: 'location',
      label: 'Location',
      kind: 'select',
      options: [
        { value: 'header', label: 'Header' },
        { value: 'query', label: 'Query string' },
      ],
    },
    {
      key: 'key',
      label: 'Header name',
      labelFor: (config) => (isQuery(config) ? 'Query parameter name' : 'Header name'),
      kind: 'text',
      placeholder: 'X-API-Key',
    },
    { key: 'value', label: 'Value', kind: 'secret', secret: true },
  ],
  defaults: () => ({ type: 'apikey', key: 'X-API-Key', value: '', location: 'header' }),
  headerNames: (config) => (isQuery(config) ? [] : [config.key]),
  apply(config, ctx) {
    const name = config.key.trim()
    if (name === '') {
      const what = isQuery(config) ? 'query parameter' : 'header'
      return Promise.reject(new WorkbenchError('invalid_request', `The API key has no ${what} name.`))
    }
    if (!isQuery(config)) return Promise.resolve({ headers: { [name]: config.value }, markers: {} })
    // SPEC.md: query-string mode applies to every protocol except gRPC, which has no URL to carry it.
    if (ctx.protocol === 'grpc') return Promise.resolve({ headers: {}, markers: {} })
    const params: ApiKeyQueryParam[] = [{ name, value: config.value }]
    return Promise.resolve({ headers: {}, markers: { [API_KEY_QUERY_MARKER]: JSON.stringify(params) } })
  },
}
