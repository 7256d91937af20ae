/**
 * curl commands (one or several, as the curl manual writes them or a browser's "Copy as cURL" produces them) into
 * plain HTTP requests. curlconverter parses the shell text and curl's options the way curl does; its structured
 * request (not its lossy JSON output) keeps the body exactly as curl would send it and every multipart part.
 */
import { basename } from 'node:path'
import { parse } from 'curlconverter/dist/src/parse.js'
import type { Request, RequestUrl } from 'curlconverter/dist/src/parse.js'
import { WorkbenchError } from '@wirebench/core'
import type { ImportPreview } from '@wirebench/core'
import { basicAuth, toSavedHttpRequest } from '../saved-http.js'
import type { ImportContext, ImportedBody } from '../saved-http.js'
import { createSecretVars, literal } from '../secret-vars.js'

/** The curl options this importer carries over; curlconverter warns about any other one the command uses. */
const supportedArgs = new Set([
  'url',
  'request',
  'header',
  'user',
  'basic',
  'oauth2-bearer',
  'data',
  'data-raw',
  'data-ascii',
  'data-binary',
  'data-urlencode',
  'json',
  'form',
  'form-string',
  'get',
  'head',
  'cookie',
  'compressed',
  'location',
  'max-redirs',
  'user-agent',
  'referer',
  'insecure',
])

export function importCurl(content: string): ImportPreview {
  const warnings: [string, string][] = []
  let requests: Request[]
  try {
    requests = parse(content, supportedArgs, warnings)
  } catch (error) {
    throw new WorkbenchError('invalid_request', `The curl command could not be read: ${messageOf(error)}.`, {
      hint: 'Paste one curl command as a shell would run it (curl URL -H … -d …), e.g. from "Copy as cURL (bash)".',
    })
  }
  if (requests.length === 0) {
    throw new WorkbenchError('invalid_request', 'The text holds no curl command.', {
      hint: 'Paste a command that starts with curl.',
    })
  }
  const ctx: ImportContext = { secrets: createSecretVars(), report: [] }
  for (const [, message] of warnings) ctx.report.push({ source: 'curl', message })
  const imported = requests.flatMap((request, index) =>
    request.urls.map((url) => ({
      folder: '',
      request: toSavedHttpRequest(readRequest(request, url, sourceName(requests.length, index), ctx), ctx),
    })),
  )
  return { requests: imported, vars: {}, secrets: ctx.secrets.values(), report: ctx.report }
}

function sourceName(count: number, index: number): string {
  return count === 1 ? 'curl' : `curl command ${index + 1}`
}

function readRequest(request: Request, url: RequestUrl, source: string, ctx: ImportContext) {
  const method = url.method.toString().toUpperCase()
  const address = url.url.toString()
  const headers: [string, string][] = []
  for (const [name, value] of request.headers.headers) {
    // A null value is curl's `-H 'Name:'`: the header is removed, not sent empty.
    if (value !== null) headers.push([literal(name.toString()), literal(value.toString())])
  }
  let auth
  if (url.auth) {
    const [user, password] = url.auth
    if (request.authType === 'basic') auth = basicAuth(user.toString(), password.toString(), ctx.secrets)
    else
      ctx.report.push({ source, message: `${request.authType} auth is not supported; its credentials were left out.` })
  } else if (request.oauth2Bearer) {
    auth = {
      mode: 'own' as const,
      config: { type: 'bearer', token: ctx.secrets.reference('token', request.oauth2Bearer.toString()) },
    }
  }
  if (request.insecure) {
    ctx.report.push({
      source,
      message: 'curl -k (no certificate check) is not carried over: trust the server in the environment instead.',
    })
  }
  const body = readBody(request, source, ctx)
  return {
    name: `${method} ${pathOf(address)}`,
    source,
    method,
    url: literal(address),
    headers,
    ...(body === undefined ? {} : { body }),
    ...(auth ? { auth } : {}),
  }
}

function readBody(request: Request, source: string, ctx: ImportContext): ImportedBody | undefined {
  if (request.multipartUploads) {
    return {
      multipart: request.multipartUploads.map((part) => {
        const name = literal(part.name.toString())
        if ('content' in part) return { name, value: literal(part.content.toString()) }
        const file = part.contentFile.toString()
        ctx.report.push({ source, message: `The file ${file} of part ${name} was not read: attach it before sending.` })
        const filename = part.filename?.toString() ?? basename(file)
        return { name, filename, ...(part.contentType ? { contentType: part.contentType.toString() } : {}) }
      }),
    }
  }
  if (request.data === undefined) return undefined
  for (const param of request.dataArray ?? []) {
    if (!(param instanceof Object) || !('filetype' in param)) continue
    ctx.report.push({
      source,
      message: `The body file ${param.filename.toString()} was not read: paste its content into the body.`,
    })
  }
  return literal(request.data.toString())
}

function pathOf(address: string): string {
  try {
    const url = new URL(address)
    return url.pathname
  } catch {
    return address
  }
}

/** The parser's reason without the lines after it, which quote the command (and any credential in it). */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  // curlconverter ends some messages with `!`; the sentence here adds its own full stop.
  return (text.split('\n')[0] ?? text).replace(/[.!]+$/, '')
}
