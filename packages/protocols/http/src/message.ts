/** Reads and checks the call message of a plain HTTP call, naming the field that is wrong. */
import { badMessage } from './errors.js'
import type { HttpBody, HttpCallMessage, HttpFormPairs, HttpMultipartPart } from './types.js'

const tokenPattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function readCallMessage(messages: unknown[]): HttpCallMessage {
  if (messages.length > 1) throw badMessage('a plain HTTP call takes one message')
  const raw = messages[0] ?? {}
  if (!isObject(raw)) throw badMessage('the message must be an object')
  const known = new Set(['method', 'url', 'query', 'headers', 'body'])
  const stray = Object.keys(raw).filter((key) => !known.has(key))
  if (stray.length > 0) throw badMessage(`unknown field ${stray.map((key) => JSON.stringify(key)).join(', ')}`)
  const message: HttpCallMessage = {}
  if (raw.method !== undefined) message.method = readMethod(raw.method)
  if (raw.url !== undefined) {
    if (typeof raw.url !== 'string') throw badMessage('url must be a string')
    message.url = raw.url
  }
  if (raw.query !== undefined) message.query = readPairs(raw.query, 'query')
  if (raw.headers !== undefined) message.headers = readHeaders(raw.headers)
  if (raw.body !== undefined) message.body = readBody(raw.body)
  return message
}

function readMethod(value: unknown): string {
  // A token, as RFC 9110 defines method names; custom methods (PURGE, PROPFIND) are sent as written.
  if (typeof value !== 'string' || !tokenPattern.test(value)) throw badMessage('method must be an HTTP method name')
  return value
}

function readHeaders(value: unknown): Record<string, string> {
  if (!isObject(value)) throw badMessage('headers must be an object of strings')
  const headers: Record<string, string> = {}
  for (const [name, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw badMessage(`header ${JSON.stringify(name)} must be a string`)
    Object.defineProperty(headers, name, { value: item, enumerable: true, writable: true, configurable: true })
  }
  return headers
}

export function readPairs(value: unknown, field: string): HttpFormPairs {
  if (Array.isArray(value)) {
    for (const pair of value) {
      if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((item) => typeof item === 'string')) {
        throw badMessage(`${field} must hold [name, value] string pairs`)
      }
    }
    return value as [string, string][]
  }
  if (!isObject(value)) throw badMessage(`${field} must be [name, value] pairs or an object`)
  for (const [name, item] of Object.entries(value)) {
    const isStrings = typeof item === 'string' || (Array.isArray(item) && item.every((v) => typeof v === 'string'))
    if (!isStrings) throw badMessage(`${field}.${name} must be a string or an array of strings`)
  }
  return value as Record<string, string | string[]>
}

function readBody(value: unknown): HttpBody {
  if (typeof value === 'string') return value
  if (!isObject(value) || Object.keys(value).length !== 1) {
    throw badMessage('body must be a string or one of {text}, {json}, {form}, {multipart}')
  }
  if ('text' in value) {
    if (typeof value.text !== 'string') throw badMessage('body.text must be a string')
    return { text: value.text }
  }
  if ('json' in value) return { json: value.json }
  if ('form' in value) return { form: readPairs(value.form, 'body.form') }
  if ('multipart' in value) return { multipart: readParts(value.multipart) }
  throw badMessage('body must be a string or one of {text}, {json}, {form}, {multipart}')
}

function readParts(value: unknown): HttpMultipartPart[] {
  if (!Array.isArray(value)) throw badMessage('body.multipart must be an array of parts')
  return value.map((part, index) => {
    const where = `body.multipart[${index}]`
    if (!isObject(part) || typeof part.name !== 'string') throw badMessage(`${where} must be an object with a name`)
    for (const key of ['value', 'filename', 'content', 'contentBase64', 'contentType']) {
      if (part[key] !== undefined && typeof part[key] !== 'string') throw badMessage(`${where}.${key} must be a string`)
    }
    if (typeof part.filename === 'string') return part as HttpMultipartPart
    if (typeof part.value !== 'string') throw badMessage(`${where} needs a value (a field) or a filename (a file)`)
    return { name: part.name, value: part.value }
  })
}
