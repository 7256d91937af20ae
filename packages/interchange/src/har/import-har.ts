/**
 * HAR files (a browser's "Save all as HAR") into plain HTTP requests: `log.entries[].request` each, in one folder per
 * page the browser recorded (else per host). Headers, query and body are taken as recorded; HAR has no variables, so
 * a `${` in its text stays text.
 */
import type { ImportPreview } from '@wirebench/core'
import { arrayOf, isObject, notFormat, parseJsonFile, stringOf } from '../json-shapes.js'
import type { JsonObject } from '../json-shapes.js'
import { toSavedHttpRequest } from '../saved-http.js'
import type { ImportContext, ImportedBody } from '../saved-http.js'
import { createSecretVars, literal } from '../secret-vars.js'

const hint = 'Save the requests from the browser developer tools as HAR (a JSON file with log.entries).'

export function importHar(content: string): ImportPreview {
  const json = parseJsonFile('har', content, hint)
  const log = json.log
  if (!isObject(log) || !Array.isArray(log.entries)) throw notFormat('har', 'it has no log.entries', hint)
  const pages = new Map<string, string>()
  for (const page of arrayOf(log.pages)) {
    if (!isObject(page)) continue
    const id = stringOf(page.id)
    if (id !== undefined) pages.set(id, folderName(stringOf(page.title) ?? id))
  }
  const ctx: ImportContext = { secrets: createSecretVars(), report: [] }
  const preview: ImportPreview = { requests: [], vars: {}, report: ctx.report }
  log.entries.forEach((entry: unknown, index: number) => {
    const source = `entry ${index + 1}`
    const request = isObject(entry) ? entry.request : undefined
    if (!isObject(entry) || !isObject(request)) {
      ctx.report.push({ source, message: 'The entry has no request; it was skipped.' })
      return
    }
    const url = stringOf(request.url)
    if (url === undefined) {
      ctx.report.push({ source, message: 'The request has no URL; it was skipped.' })
      return
    }
    const method = stringOf(request.method) ?? 'GET'
    const headers: [string, string][] = arrayOf(request.headers)
      .filter(isObject)
      .map((header) => [literal(stringOf(header.name) ?? ''), literal(stringOf(header.value) ?? '')])
    const body = readPostData(request.postData, source, ctx)
    const pageref = stringOf(entry.pageref)
    const folder = (pageref !== undefined ? pages.get(pageref) : undefined) ?? hostOf(url)
    const saved = toSavedHttpRequest(
      { name: `${method} ${pathOf(url)}`, source, method, url: literal(url), headers, ...(body ? { body } : {}) },
      ctx,
    )
    preview.requests.push({ folder, request: saved })
  })
  preview.secrets = ctx.secrets.values()
  return preview
}

function readPostData(postData: unknown, source: string, ctx: ImportContext): ImportedBody | undefined {
  if (!isObject(postData)) return undefined
  const text = stringOf(postData.text)
  const mimeType = stringOf(postData.mimeType) ?? ''
  const params = arrayOf(postData.params).filter(isObject)
  if (params.length > 0 && (text === undefined || text === '') && /multipart\/form-data/i.test(mimeType)) {
    return {
      multipart: params.map((param: JsonObject) => {
        const name = literal(stringOf(param.name) ?? '')
        const fileName = stringOf(param.fileName)
        if (fileName === undefined) return { name, value: literal(stringOf(param.value) ?? '') }
        ctx.report.push({ source, message: `The file ${fileName} of part ${name} was not recorded: attach it.` })
        const contentType = stringOf(param.contentType)
        return { name, filename: fileName, ...(contentType ? { contentType } : {}) }
      }),
    }
  }
  if (params.length > 0 && (text === undefined || text === '')) {
    return {
      form: params.map((param): [string, string] => [
        literal(stringOf(param.name) ?? ''),
        literal(stringOf(param.value) ?? ''),
      ]),
    }
  }
  return text === undefined ? undefined : literal(text)
}

/** Folder names cannot hold `/` (it nests folders): a page title that is a URL becomes its host and path. */
function folderName(title: string): string {
  try {
    const url = new URL(title)
    return `${url.host}${url.pathname === '/' ? '' : url.pathname.replaceAll('/', ' ')}`.trim()
  } catch {
    return title.replaceAll('/', ' ').trim() || 'page'
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}
