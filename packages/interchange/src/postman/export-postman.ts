/**
 * A workspace's REST and plain HTTP requests as a Postman v2.1 collection, built with the postman-collection SDK:
 * folders as item groups, workspace variables as collection variables, `${name}` as `{{name}}`, auth as Postman auth.
 * A REST request is written as the HTTP request its discovered operation makes of it; one whose operation was not
 * found, and requests of other protocols (gRPC, GraphQL, streams…), have no Postman form here and are reported.
 */
import { postmanSdk } from './sdk.js'
import type { PostmanSdk } from './sdk.js'
import type { ImportReportItem, SavedFolder, SavedRequest, WorkspaceContent } from '@wirebench/core'
import { isObject, stringOf } from '../json-shapes.js'
import type { JsonObject } from '../json-shapes.js'
import { toMustache } from '../templates.js'
import { toPostmanAuth } from './postman-auth.js'
import { restAsHttp } from './rest-as-http.js'
import type { RestOperation } from './rest-as-http.js'

export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

export interface PostmanExportOptions {
  /**
   * The discovered operation of a saved REST request (`path` is its workspace path), or a sentence saying why there
   * is none; without this function every REST request is reported as left out.
   */
  restOperation?: (path: string, request: SavedRequest) => RestOperation | string
}

export interface PostmanExport {
  collection: object
  /** The requests the collection leaves out, and why. */
  report: ImportReportItem[]
}

export function toPostmanCollection(content: WorkspaceContent): object {
  return exportPostmanCollection(content).collection
}

export function exportPostmanCollection(content: WorkspaceContent, options: PostmanExportOptions = {}): PostmanExport {
  const report: ImportReportItem[] = []
  const sdk = postmanSdk()
  const collection = new sdk.Collection({
    info: { name: content.name, schema: POSTMAN_SCHEMA_V21 },
    variable: Object.entries(content.vars).map(([key, value]) => ({ key, value: toMustache(value), type: 'string' })),
  } as ConstructorParameters<typeof PostmanSdk.Collection>[0])
  const folders = new Map<string, InstanceType<typeof PostmanSdk.ItemGroup>>()
  const folderSettings = new Map(content.folders.map((entry) => [entry.path, entry.folder]))
  const groupOf = (
    path: string,
  ): InstanceType<typeof PostmanSdk.Collection> | InstanceType<typeof PostmanSdk.ItemGroup> => {
    if (path === '') return collection
    const known = folders.get(path)
    if (known) return known
    const slash = path.lastIndexOf('/')
    const parent = groupOf(slash < 0 ? '' : path.slice(0, slash))
    const group = new sdk.ItemGroup(groupDefinition(path.slice(slash + 1), folderSettings.get(path)))
    parent.items.add(group)
    folders.set(path, group)
    return group
  }
  for (const entry of content.requests) {
    const http = asHttp(entry.path, entry.request, options)
    if (typeof http === 'string') {
      report.push({ source: entry.path, message: http })
      continue
    }
    const slash = entry.path.lastIndexOf('/')
    groupOf(slash < 0 ? '' : entry.path.slice(0, slash)).items.add(new sdk.Item(itemDefinition(http)))
  }
  const json = collection.toJSON() as JsonObject
  addRawUrls(json)
  return { collection: json, report }
}

/** The plain HTTP form of a saved request, or why it has none. */
function asHttp(path: string, request: SavedRequest, options: PostmanExportOptions): SavedRequest | string {
  if (request.protocol === 'http') return request
  if (request.protocol === 'rest') {
    const operation = options.restOperation?.(path, request) ?? 'Its OpenAPI operation was not looked up.'
    if (typeof operation === 'string') return `Left out: ${operation}`
    return restAsHttp(request, operation)
  }
  return `Left out: a ${request.protocol} request has no Postman v2.1 form (only REST and plain HTTP requests are exported).`
}

function groupDefinition(name: string, folder: SavedFolder | undefined) {
  const auth = toPostmanAuth(folder?.auth)
  return { name, item: [], ...(auth ? { auth } : {}) } as ConstructorParameters<typeof PostmanSdk.ItemGroup>[0]
}

function itemDefinition(request: SavedRequest) {
  const message = isObject(request.messages[0]) ? request.messages[0] : {}
  const header = Object.entries(request.metadata ?? {}).map(([key, value]) => ({
    key: toMustache(key),
    value: toMustache(value),
  }))
  const auth = toPostmanAuth(request.auth)
  const body = postmanBody(message.body)
  return {
    name: request.name,
    request: {
      method: stringOf(message.method) ?? 'GET',
      url: toMustache(joinUrl(request.url, stringOf(message.url))),
      header,
      ...(body ? { body } : {}),
      ...(auth ? { auth } : {}),
      ...(request.notes ? { description: request.notes } : {}),
    },
  } as unknown as ConstructorParameters<typeof PostmanSdk.Item>[0]
}

/** The plain HTTP plugin's rule: an absolute message URL wins, a path is joined to the request's URL. */
function joinUrl(base: string, url: string | undefined): string {
  if (url === undefined || url === '') return base
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base
  return url.startsWith('/') || url.startsWith('?') ? `${trimmed}${url}` : `${trimmed}/${url}`
}

function postmanBody(body: unknown): JsonObject | undefined {
  if (body === undefined) return undefined
  if (typeof body === 'string') return { mode: 'raw', raw: toMustache(body) }
  if (!isObject(body)) return undefined
  if (typeof body.text === 'string') return { mode: 'raw', raw: toMustache(body.text) }
  if ('json' in body) {
    return { mode: 'raw', raw: toMustache(JSON.stringify(body.json, null, 2)), options: { raw: { language: 'json' } } }
  }
  if (body.form !== undefined) return { mode: 'urlencoded', urlencoded: pairs(body.form) }
  if (Array.isArray(body.multipart)) {
    return {
      mode: 'formdata',
      formdata: body.multipart.filter(isObject).map((part) =>
        typeof part.filename === 'string'
          ? { key: toMustache(stringOf(part.name) ?? ''), type: 'file', src: part.filename }
          : {
              key: toMustache(stringOf(part.name) ?? ''),
              value: toMustache(stringOf(part.value) ?? ''),
              type: 'text',
            },
      ),
    }
  }
  return undefined
}

function pairs(form: unknown): JsonObject[] {
  const entries: [string, string][] = Array.isArray(form)
    ? form.filter((pair): pair is [string, string] => Array.isArray(pair))
    : isObject(form)
      ? Object.entries(form).flatMap(([key, value]) =>
          (Array.isArray(value) ? value : [value]).map((item): [string, string] => [key, String(item)]),
        )
      : []
  return entries.map(([key, value]) => ({ key: toMustache(key), value: toMustache(value) }))
}

/** The SDK writes URLs as parts only; Postman shows and edits `raw`, so every request URL gets it back. */
function addRawUrls(node: JsonObject): void {
  for (const item of Array.isArray(node.item) ? node.item : []) {
    if (!isObject(item)) continue
    if (isObject(item.request) && isObject(item.request.url)) {
      item.request.url = { raw: new (postmanSdk().Url)(item.request.url).toString(), ...item.request.url }
    }
    addRawUrls(item)
  }
}
