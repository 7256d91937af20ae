/** The GraphQL ProtocolPlugin (skeleton: the helper building this package replaces it). */
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin } from '@wirebench/core'
import type { GraphqlPluginOptions } from './types.js'

export function createGraphqlPlugin(_options: GraphqlPluginOptions = {}): ProtocolPlugin {
  return {
    id: 'graphql',
    name: 'GraphQL',
    discover: () => Promise.reject(new WorkbenchError('no_services', 'Not built yet.')),
    invoke: () => Promise.reject(new WorkbenchError('unsupported', 'Not built yet.')),
  }
}
