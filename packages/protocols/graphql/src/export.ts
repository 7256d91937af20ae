/**
 * Code export of GraphQL queries and mutations: the POST `prepareOperation` builds for `invoke` (operation, variables,
 * operation name as one JSON body). Subscriptions go over WebSocket or SSE transports a snippet cannot hold.
 */
import type { Call, CallContext, ExportedSnippet, ExportOptions } from '@wirebench/core'
import type { GraphqlDeps } from './discover.js'
import { prepareOperation } from './invoke.js'
import { graphqlManifest } from './manifest.js'
import type { CachedOperation } from './types.js'

export async function exportOperation(
  call: Call,
  resolved: { url: string; operation: CachedOperation },
  ctx: CallContext,
  deps: GraphqlDeps,
  options: ExportOptions,
): Promise<ExportedSnippet> {
  const { exportHttpCall } = await import('@wirebench/transport/snippets')
  return exportHttpCall({
    protocol: 'graphql',
    call,
    ctx,
    options,
    formats: graphqlManifest.exportFormats ?? [],
    prepare: () => {
      const post = prepareOperation({ ...resolved, messages: call.messages }, ctx, deps)
      return { method: 'POST', url: post.url, headers: post.headers, body: post.body }
    },
  })
}
