/** Which importer a file needs, told from its content (a Postman collection, an Insomnia export, a HAR file). */
import type { ImportFormat } from '@wirebench/core'

export function detectFormat(text: string): ImportFormat | undefined {
  if (/^\s*curl\s/i.test(text)) return 'curl'
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const record = parsed as Record<string, unknown>
  const info = record.info as Record<string, unknown> | undefined
  const schema = typeof info?.schema === 'string' ? info.schema : ''
  if (info && (typeof info._postman_id === 'string' || schema.includes('getpostman.com'))) {
    return 'postman'
  }
  if (record._type === 'export' || '__export_format' in record) return 'insomnia'
  const log = record.log as Record<string, unknown> | undefined
  if (log && Array.isArray(log.entries)) return 'har'
  return undefined
}

/** Prefixes each imported request's folder with the folder chosen in the dialog. */
export function inFolder(folder: string, inner: string): string {
  return [folder, inner]
    .map((p) => p.trim().replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')
}
