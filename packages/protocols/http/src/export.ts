/** Code export of plain HTTP requests: written from `prepareRequest`, the request `invoke` sends. */
import type { Call, CallContext, ExportedSnippet, ExportOptions } from '@wirebench/core'
import { prepareRequest } from './invoke.js'
import { httpManifest } from './manifest.js'
import type { HttpPluginOptions } from './types.js'

export async function exportHttpRequest(
  call: Call,
  ctx: CallContext,
  pluginOptions: HttpPluginOptions,
  options: ExportOptions,
): Promise<ExportedSnippet> {
  const { exportHttpCall } = await import('@wirebench/transport/snippets')
  return exportHttpCall({
    protocol: 'http',
    call,
    ctx,
    options,
    formats: httpManifest.exportFormats ?? [],
    prepare: () => {
      const request = prepareRequest(call, ctx, pluginOptions)
      return { method: request.method, url: request.wireUrl, headers: request.headers, body: request.body }
    },
  })
}
