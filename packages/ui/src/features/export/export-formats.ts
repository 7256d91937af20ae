/** The code-export formats each protocol's plugin writes (`GET /api/protocols`), read once per page. */
import type { ExportFormat } from '@wirebench/core'
import type { ApiClient } from '../../api/api-client.js'

const byClient = new WeakMap<ApiClient, Promise<ReadonlyMap<string, readonly ExportFormat[]>>>()

export function exportFormatsByProtocol(api: ApiClient): Promise<ReadonlyMap<string, readonly ExportFormat[]>> {
  let formats = byClient.get(api)
  if (!formats) {
    formats = api
      .protocols()
      .then(({ protocols }) => new Map(protocols.map((p) => [p.id, p.exportFormats ?? []] as const)))
    // A failed read is tried again on the next open instead of being kept.
    void formats.catch(() => {
      byClient.delete(api)
    })
    byClient.set(api, formats)
  }
  return formats
}
