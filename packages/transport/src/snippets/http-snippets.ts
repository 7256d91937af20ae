/**
 * Snippets of one HTTP request in the HTTP export formats: curl, HTTPie, Python requests and JavaScript fetch from
 * httpsnippet (Kong's, the one that runs on Node 20), Python httpx from our own target registered into it.
 */
import { HTTPSnippet, addTargetClient } from 'httpsnippet'
import type { Client, HarRequest as SnippetHar } from 'httpsnippet'
import { WorkbenchError, createPlaceholderMask, exportFormatLanguages } from '@wirebench/core'
import type { ExportedSnippet, ExportFormat, ExportReference } from '@wirebench/core'
import { toHarRequest } from './har.js'
import type { HarRequest, PreparedHttpRequest } from './har.js'
import { httpxSnippet } from './httpx-client.js'
import {
  protectJavascriptLiterals,
  protectPythonStrings,
  protectUrlPlaceholder,
  quoteShellPlaceholders,
} from './snippet-literals.js'
import type { SnippetRequest } from './httpx-client.js'

export type HttpExportFormat = Extract<
  ExportFormat,
  'curl' | 'httpie' | 'python-requests' | 'python-httpx' | 'javascript-fetch'
>

export const httpExportFormats: readonly HttpExportFormat[] = [
  'curl',
  'httpie',
  'python-requests',
  'python-httpx',
  'javascript-fetch',
]

const httpxClient = {
  info: { key: 'httpx', title: 'HTTPX', link: 'https://www.python-httpx.org/', description: 'Python httpx' },
  convert: (request: SnippetRequest) => httpxSnippet(request),
} as unknown as Client

let isHttpxAdded = false

function targetOf(format: HttpExportFormat): [target: string, client: string] {
  switch (format) {
    case 'curl':
      return ['shell', 'curl']
    case 'httpie':
      return ['shell', 'httpie']
    case 'python-requests':
      return ['python', 'requests']
    case 'python-httpx':
      return ['python', 'httpx']
    case 'javascript-fetch':
      return ['javascript', 'fetch']
  }
}

export function isHttpExportFormat(format: string): format is HttpExportFormat {
  return (httpExportFormats as readonly string[]).includes(format)
}

export function httpSnippet(
  request: PreparedHttpRequest,
  format: HttpExportFormat,
  references: readonly ExportReference[],
  isStream = false,
): ExportedSnippet {
  if (!isHttpxAdded) {
    addTargetClient('python', httpxClient)
    isHttpxAdded = true
  }
  const { mask, restore, hasPlaceholder } = createPlaceholderMask(references)
  const { har, notes } = toHarRequest(request, mask)
  if (format === 'curl') typeFileParts(har)
  const urlStart = protectUrlPlaceholder(har, hasPlaceholder)
  const exactBody = format === 'python-requests' && sendsTextAsIs(har)
  const literals =
    format === 'javascript-fetch'
      ? protectJavascriptLiterals(har)
      : format === 'python-requests' && !exactBody
        ? protectPythonStrings(har)
        : (text: string) => text
  const [target, client] = targetOf(format)
  let output: string | string[] | false
  try {
    output = new HTTPSnippet(har as unknown as SnippetHar).convert(target as never, client, { indent: '  ' })
  } catch (error) {
    throw new WorkbenchError('internal', `The ${format} snippet could not be written.`, { cause: error })
  }
  if (output === false) throw new WorkbenchError('internal', `The ${format} snippet could not be written.`)
  let snippet = urlStart(literals(Array.isArray(output) ? output.join('\n') : output))
  if (format === 'curl' || format === 'httpie') snippet = quoteShellPlaceholders(snippet, hasPlaceholder)
  snippet = restore(snippet)
  // httpsnippet pipes an HTTPie body through `echo`, which adds a line break the request never had.
  if (format === 'httpie') snippet = snippet.replace(/^echo (.*?) \|\s+\\?\n?\s*http /s, "printf '%s' $1 | http ")
  if (format === 'python-requests') snippet = requestsFileParts(snippet, har)
  // A str body would go out as Latin-1; the workbench sends UTF-8.
  if (exactBody) snippet = snippet.replace(', data=payload', ', data=payload.encode("utf-8")')
  if (isStream) snippet = streamingSnippet(snippet, format)
  const result: ExportedSnippet = { snippet, language: exportFormatLanguages[format] }
  if (notes.length > 0) result.notes = notes
  return result
}

/**
 * httpsnippet's requests target turns a JSON body into a dict sent with `json=`, which re-serialises it (other
 * spacing, `\u` escapes, and what a parser does with duplicate keys): the same JSON, not the same bytes. Declared
 * as plain text to httpsnippet, the body is written as one string literal of the exact text (JSON string escapes are
 * Python's), while the Content-Type header the workbench sends stays in the headers.
 */
function sendsTextAsIs(har: HarRequest): boolean {
  const postData = har.postData
  if (postData?.text === undefined || postData.text === '' || postData.params !== undefined) return false
  har.postData = { mimeType: 'text/plain', text: postData.text }
  return true
}

/** curl guesses a file part's type from its name; `;type=` keeps the one the workbench sends. */
function typeFileParts(har: HarRequest): void {
  for (const param of har.postData?.params ?? []) {
    if (param.fileName !== undefined && param.contentType) param.fileName += `;type=${param.contentType}`
  }
}

/**
 * httpsnippet's requests target quotes a file part's `open(...)` as if it were a string and drops its type; the
 * tuple form `(name, file, type)` sends the part as the workbench does.
 */
function requestsFileParts(snippet: string, har: HarRequest): string {
  let out = snippet
  for (const param of har.postData?.params ?? []) {
    if (param.fileName === undefined) continue
    const name = JSON.stringify(param.fileName)
    const open = `open(${JSON.stringify(param.fileName)}, "rb")`
    const tuple = param.contentType ? `(${name}, ${open}, ${JSON.stringify(param.contentType)})` : `(${name}, ${open})`
    out = out.split(`"open('${param.fileName}', 'rb')"`).join(tuple)
  }
  return out
}

/**
 * An event stream is read as it arrives: curl without buffering (`-N`), fetch through the body's reader instead of
 * waiting for a JSON document that never ends.
 */
function streamingSnippet(snippet: string, format: HttpExportFormat): string {
  switch (format) {
    case 'curl':
      return snippet.replace(/^curl /, 'curl -N ')
    case 'javascript-fetch':
      return snippet.replace(
        /const data = await response\.json\(\);\n(\s*)console\.log\(data\);/,
        [
          'const reader = response.body.getReader();',
          '$1const decoder = new TextDecoder();',
          '$1for (;;) {',
          '$1  const { done, value } = await reader.read();',
          '$1  if (done) break;',
          '$1  console.log(decoder.decode(value, { stream: true }));',
          '$1}',
        ].join('\n'),
      )
    case 'httpie':
      return snippet.replace(/^http /m, 'http --stream ')
    case 'python-requests':
    case 'python-httpx':
      return snippet
  }
}
