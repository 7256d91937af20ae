/** URL mode (one GET, no path probing, one parse) and upload mode (each file parsed on its own). */
import type { CallContext, SchemaFile } from '@wirebench/core'
import { resolveBaseUrl } from './base-url.js'
import { noServices } from './errors.js'
import { fetchDocument } from './fetch-document.js'
import { describeDocument, embeddedEagerOperationLimit } from './operations.js'
import type { DescribedDocument } from './operations.js'
import { parseDocumentText } from './parse-document.js'
import type { ParsedSpec } from './parse-document.js'
import type { DiscoverDeps } from './types.js'

/** OpenAPI documents are fetched over HTTP(S); any other scheme (grpc://, ws://) is another plugin's target. */
const documentSchemes = new Set(['http:', 'https:'])

export async function discoverUrl(url: string, ctx: CallContext, deps: DiscoverDeps): Promise<DescribedDocument> {
  const scheme = URL.canParse(url) ? new URL(url).protocol : ''
  if (scheme !== '' && !documentSchemes.has(scheme)) {
    throw noServices(url, `${scheme.slice(0, -1)}:// is not an address an OpenAPI document is fetched from`)
  }
  const fetched = await fetchDocument(url, ctx, deps)
  // Relative servers (and the no-servers fallback) resolve against where the document came from, unless a redirect
  // took it to another origin: the credentials withheld on that hop must not reach it on every call afterwards.
  const documentUrl = new URL(fetched.url).origin === new URL(url).origin ? fetched.url : url
  // The text is dropped here: the async frame would otherwise hold the whole document string during the walk.
  const spec = parseDocumentText(fetched.text, url)
  fetched.text = ''
  const baseUrl = resolveBaseUrl(spec.root, spec.version, documentUrl)
  return servicesOf(spec, url, { source: 'openapi', baseUrl, documentUrl }, deps)
}

/**
 * Embedded mode: the host's route table as an in-memory document, described like a fetched one (no HTTP, no text to
 * parse); calls go to the origin of the address the host was discovered at.
 */
export function discoverHost(url: string, root: Record<string, unknown>, deps: DiscoverDeps): DescribedDocument {
  // 3.1: route schemas are plain JSON Schema (type arrays, const, nullable unions).
  const spec: ParsedSpec = { root, version: '3.1' }
  return servicesOf(
    spec,
    url,
    { source: 'embedded', baseUrl: new URL(url).origin, eagerOperationLimit: embeddedEagerOperationLimit },
    deps,
  )
}

export function discoverFile(file: SchemaFile, deps: DiscoverDeps): DescribedDocument {
  const text = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength).toString('utf8')
  const spec = parseDocumentText(text, file.name)
  // An upload has no document URL: only an absolute server URL can be a base.
  return servicesOf(spec, file.name, { source: 'upload', baseUrl: resolveBaseUrl(spec.root, spec.version) }, deps)
}

function servicesOf(
  spec: ParsedSpec,
  origin: string,
  where: {
    source: 'openapi' | 'upload' | 'embedded'
    baseUrl: string | undefined
    documentUrl?: string
    eagerOperationLimit?: number
  },
  deps: DiscoverDeps,
): DescribedDocument {
  const described = describeDocument(spec, {
    ...where,
    originUrl: origin,
    maxInputDepth: deps.options.maxInputDepth ?? 4,
    maxOutputDepth: deps.options.maxOutputDepth ?? 1,
  })
  if (described.services.length === 0) throw noServices(origin, 'the document describes no operations')
  return described
}
