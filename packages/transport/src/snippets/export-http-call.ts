/**
 * The code export of a call that goes out as one HTTP request (REST, plain HTTP, GraphQL over HTTP, SSE): the HTTP
 * formats from the request the plugin would send, `wirebench call` from the call itself, and the transport's markers
 * (SigV4, mTLS, cookies) as notes.
 */
import { createReferenceMask, markerNotes, unsupportedExportFormat, wirebenchCommand } from '@wirebench/core'
import type { Call, CallContext, ExportedSnippet, ExportFormat, ExportOptions } from '@wirebench/core'
import type { PreparedHttpRequest } from './har.js'
import { httpSnippet, isHttpExportFormat } from './http-snippets.js'

export interface HttpCallExport {
  protocol: string
  call: Call
  ctx: CallContext
  options: ExportOptions
  /** The formats this plugin writes (a subset of the HTTP formats, and `wirebench`). */
  formats: readonly ExportFormat[]
  /** The request exactly as the plugin would send it; called only for an HTTP format. */
  prepare: () => PreparedHttpRequest
  /** Notes of the protocol's own (how a stream is read, what the snippet leaves to the user). */
  notes?: string[]
  /** The answer is an event stream: the snippet prints it as it arrives. */
  isStream?: boolean
}

export function exportHttpCall(input: HttpCallExport): ExportedSnippet {
  const { options, ctx } = input
  if (!input.formats.includes(options.format)) {
    throw unsupportedExportFormat(options.format, input.protocol, input.formats)
  }
  if (options.format === 'wirebench') {
    const mask = createReferenceMask(options.references)
    return wirebenchCommand({
      protocol: input.protocol,
      call: input.call,
      headers: ctx.metadata,
      markers: ctx.markers,
      mask,
    })
  }
  if (!isHttpExportFormat(options.format)) throw unsupportedExportFormat(options.format, input.protocol, input.formats)
  const snippet = httpSnippet(input.prepare(), options.format, options.references, input.isStream === true)
  const notes = [...(input.notes ?? []), ...(snippet.notes ?? []), ...markerNotes(ctx.markers)]
  if (notes.length > 0) snippet.notes = notes
  return snippet
}
