/**
 * Code export of REST calls: the snippet is written from `prepareUnsigned`, the request `invoke` sends (fields,
 * metadata, API-key query), so the two cannot drift; SigV4 is left to a note because its signature is of one moment.
 */
import type { Call, CallContext, ExportedSnippet, ExportOptions } from '@wirebench/core'
import { prepareUnsigned } from './invoke.js'
import type { InvokeDeps, ResolvedCall } from './invoke.js'
import { restManifest } from './manifest.js'

export async function exportRestCall(
  call: Call,
  resolved: ResolvedCall,
  ctx: CallContext,
  deps: InvokeDeps,
  options: ExportOptions,
): Promise<ExportedSnippet> {
  // Loaded on the first export only: the snippet generators are no part of a call's path.
  const { exportHttpCall } = await import('@wirebench/transport/snippets')
  return exportHttpCall({
    protocol: 'rest',
    call,
    ctx,
    options,
    formats: restManifest.exportFormats ?? [],
    prepare: () => {
      const request = prepareUnsigned(resolved, ctx, deps)
      return { method: request.method, url: request.wireUrl, headers: request.headers, body: request.body }
    },
  })
}
