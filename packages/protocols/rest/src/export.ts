/**
 * Code export of REST calls: the snippet is written from `prepareUnsigned`, the request `invoke` sends (fields,
 * metadata, API-key query), so the two cannot drift; SigV4 is left to a note because its signature is of one moment.
 */
import { createReferenceMask, markerNotes, unsupportedExportFormat, wirebenchCommand } from '@wirebench/core'
import type { Call, CallContext, ExportedSnippet, ExportFormat, ExportOptions } from '@wirebench/core'
import { prepareUnsigned } from './invoke.js'
import { restManifest } from './manifest.js'
import type { InvokeDeps, ResolvedCall } from './invoke.js'

const restExportFormats: readonly ExportFormat[] = restManifest.exportFormats ?? []

export async function exportRestCall(
  call: Call,
  resolved: ResolvedCall,
  ctx: CallContext,
  deps: InvokeDeps,
  options: ExportOptions,
): Promise<ExportedSnippet> {
  const mask = createReferenceMask(options.references)
  if (options.format === 'wirebench') {
    return wirebenchCommand({ protocol: 'rest', call, headers: ctx.metadata, markers: ctx.markers, mask })
  }
  // Loaded on the first export only: the snippet generators are no part of a call's path.
  const { httpSnippet, isHttpExportFormat } = await import('@wirebench/transport/snippets')
  if (!isHttpExportFormat(options.format)) throw unsupportedExportFormat(options.format, 'rest', restExportFormats)
  const request = prepareUnsigned(resolved, ctx, deps)
  const snippet = httpSnippet(
    { method: request.method, url: request.wireUrl, headers: request.headers, body: request.body },
    options.format,
    options.references,
  )
  const notes = [...(snippet.notes ?? []), ...markerNotes(ctx.markers)]
  if (notes.length > 0) snippet.notes = notes
  return snippet
}
