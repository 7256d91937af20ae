/**
 * Postman collections v2.1 (and v2.0) into plain HTTP requests: folders, requests, collection variables and
 * bearer/basic/API-key auth (inherited from folders as Postman does). The tree is walked here, each request is read
 * through the postman-collection SDK (URL with its enabled query, enabled headers, body modes). Scripts are never run
 * nor kept: each is reported.
 */
import { listOf, postmanSdk } from './sdk.js'
import type { PostmanSdk } from './sdk.js'
import type { ImportPreview, SavedAuth } from '@wirebench/core'
import { arrayOf, isObject, notFormat, parseJsonFile, stringOf } from '../json-shapes.js'
import type { JsonObject } from '../json-shapes.js'
import { toSavedHttpRequest } from '../saved-http.js'
import type { ImportContext, ImportedBody, SourceRequest } from '../saved-http.js'
import { isCredentialName } from '../credential-names.js'
import { createSecretVars, hasReference } from '../secret-vars.js'
import { fromMustache } from '../templates.js'
import { readPostmanAuth } from './postman-auth.js'

const hint =
  'Export the collection from Postman as "Collection v2.1" (a JSON file with info and item); open a v1 collection in Postman and export it again as v2.1.'

export function importPostman(content: string): ImportPreview {
  const json = parseJsonFile('postman', content, hint)
  const info = json.info
  if (!isObject(info) && Array.isArray(json.requests)) {
    throw notFormat('postman', 'it is a Postman collection v1, which Postman no longer exports', hint)
  }
  if (!isObject(info)) throw notFormat('postman', 'it has no "info" object', hint)
  if (!Array.isArray(json.item)) throw notFormat('postman', '"item" is not a list of requests and folders', hint)
  const schema = stringOf(info.schema) ?? ''
  if (schema !== '' && !/collection\/v2\.[01]\.0/.test(schema)) {
    throw notFormat('postman', `its schema is ${schema}`, hint)
  }
  const ctx: ImportContext = { secrets: createSecretVars(), report: [] }
  const vars: Record<string, string> = {}
  for (const variable of arrayOf(json.variable)) {
    if (!isObject(variable) || variable.disabled === true) continue
    const key = stringOf(variable.key)
    const value = stringOf(variable.value) ?? ''
    if (key === undefined) continue
    // A variable Postman marks secret goes where secrets go, never into workspace.json.
    const text = fromMustache(value).text
    if (variable.type === 'secret') ctx.secrets.reference(key, value)
    else if (isCredentialName(key) && value !== '' && !hasReference(text)) {
      // Named like a credential: kept out of workspace.json as well.
      const kept = ctx.secrets.reference(key, value)
      ctx.report.push({
        source: 'collection variables',
        message: `The variable ${key} holds a credential: it became ${kept}, its value goes to an environment.`,
      })
    } else vars[key] = text
  }
  const preview: ImportPreview = { requests: [], vars, report: ctx.report }
  reportScripts(json, stringOf(info.name) ?? 'collection', ctx)
  walk(json.item, [], readPostmanAuth(json.auth, 'collection', ctx), preview, ctx)
  preview.secrets = ctx.secrets.values()
  return preview
}

function walk(
  items: unknown[],
  path: string[],
  inherited: SavedAuth | undefined,
  out: ImportPreview,
  ctx: ImportContext,
) {
  for (const entry of items) {
    if (!isObject(entry)) continue
    const name = stringOf(entry.name) ?? 'unnamed'
    const where = [...path, name].join('/')
    reportScripts(entry, where, ctx)
    if (Array.isArray(entry.item)) {
      const auth = entry.auth === undefined ? inherited : readPostmanAuth(entry.auth, where, ctx)
      // A `/` in a folder's name would nest folders in the workspace.
      walk(entry.item, [...path, name.replace(/\s*\/\s*/g, ' ')], auth, out, ctx)
      continue
    }
    if (entry.request === undefined) continue
    const source = readItem(entry, name, where, inherited, ctx)
    out.requests.push({ folder: path.join('/'), request: toSavedHttpRequest(source, ctx) })
  }
}

function readItem(
  entry: JsonObject,
  name: string,
  where: string,
  inherited: SavedAuth | undefined,
  ctx: ImportContext,
): SourceRequest {
  const item = new (postmanSdk().Item)(entry)
  const request = item.request
  const converted = (text: string) => {
    const reading = fromMustache(text)
    for (const unmapped of reading.unmapped) {
      ctx.report.push({ source: where, message: `Postman's {{${unmapped}}} has no counterpart; it was kept as text.` })
    }
    return reading.text
  }
  const headers: [string, string][] = listOf<PostmanSdk.Header>(request.headers)
    .filter((header: PostmanSdk.Header) => header.disabled !== true)
    .map((header: PostmanSdk.Header): [string, string] => [
      converted(header.key ?? ''),
      converted(String(header.value ?? '')),
    ])
  const rawAuth = isObject(entry.request) ? entry.request.auth : undefined
  const auth = rawAuth === undefined || rawAuth === null ? inherited : readPostmanAuth(rawAuth, where, ctx)
  const body = readBody(request.body, headers, where, converted, ctx)
  const description = isObject(entry.request) ? stringOf(entry.request.description) : undefined
  return {
    name,
    source: where,
    method: request.method || 'GET',
    url: converted(request.url.toString()),
    headers,
    ...(body === undefined ? {} : { body }),
    ...(auth === undefined ? {} : { auth }),
    ...(description ? { notes: description } : {}),
  }
}

/** What the SDK's query and form parameter lists hold (its declarations leave the lists untyped). */
interface PostmanParam {
  key?: string | null
  value?: string | number | boolean | null
  disabled?: boolean
  type?: string
  src?: string | string[] | null
  contentType?: string
}

type PostmanBody = InstanceType<typeof PostmanSdk.Request>['body']

function readBody(
  body: PostmanBody | undefined,
  headers: [string, string][],
  where: string,
  converted: (text: string) => string,
  ctx: ImportContext,
): ImportedBody | undefined {
  if (!body || body.disabled === true) return undefined
  const setContentType = (type: string) => {
    // Postman sets the type of a raw JSON or GraphQL body itself when the request names none.
    if (!headers.some(([name]) => name.toLowerCase() === 'content-type')) headers.push(['Content-Type', type])
  }
  switch (body.mode) {
    case 'raw': {
      const options = (body as unknown as { options?: { raw?: { language?: string } } }).options
      if (options?.raw?.language === 'json') setContentType('application/json')
      return converted(body.raw ?? '')
    }
    case 'urlencoded':
      setContentType('application/x-www-form-urlencoded')
      return {
        form: listOf<PostmanParam>(body.urlencoded)
          .filter((param: PostmanParam) => param.disabled !== true)
          .map((param: PostmanParam): [string, string] => [
            converted(param.key ?? ''),
            converted(String(param.value ?? '')),
          ]),
      }
    case 'formdata':
      return {
        multipart: listOf<PostmanParam>(body.formdata)
          .filter((param: PostmanParam) => param.disabled !== true)
          .map((param: PostmanParam) => {
            const raw = param
            const name = converted(raw.key ?? '')
            if (raw.type !== 'file') return { name, value: converted(String(raw.value ?? '')) }
            const src = Array.isArray(raw.src) ? String(raw.src[0] ?? '') : String(raw.src ?? '')
            ctx.report.push({ source: where, message: `The file ${src || '(none)'} of part ${name} was not imported.` })
            const filename = src.split(/[\\/]/).pop() || name
            return { name, filename, ...(raw.contentType ? { contentType: raw.contentType } : {}) }
          }),
      }
    case 'graphql': {
      const graphql = (body as unknown as { graphql?: { query?: string; variables?: string } }).graphql ?? {}
      setContentType('application/json')
      let variables: unknown = {}
      try {
        variables = graphql.variables ? JSON.parse(graphql.variables) : {}
      } catch {
        ctx.report.push({ source: where, message: 'The GraphQL variables are not JSON; they were left out.' })
      }
      return converted(JSON.stringify({ query: graphql.query ?? '', variables }))
    }
    case 'file':
      ctx.report.push({ source: where, message: 'A binary file body was not imported: attach it before sending.' })
      return undefined
    default:
      return undefined
  }
}

function reportScripts(entry: JsonObject, where: string, ctx: ImportContext): void {
  for (const event of arrayOf(entry.event)) {
    if (!isObject(event)) continue
    const listen = stringOf(event.listen) ?? 'script'
    const script = isObject(event.script) ? event.script : {}
    const exec = script.exec
    const lines = Array.isArray(exec) ? exec.join('').trim() : (stringOf(exec) ?? '').trim()
    if (lines !== '')
      ctx.report.push({ source: where, message: `The ${listen} script was not imported (scripts never run here).` })
  }
}
