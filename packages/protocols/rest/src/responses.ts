/** The response message of an operation: the schema of its first 2xx (else `default`) JSON-ish response. */
import type { SpecVersion } from './parse-document.js'
import type { RefResolver } from './refs.js'
import { isJsonMediaType } from './request-body.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export function responseSchemaOf(operation: JsonObject, version: SpecVersion, refs: RefResolver): unknown {
  const responses = operation['responses']
  if (!isObject(responses)) return undefined
  const codes = Object.keys(responses)
  const code =
    codes.filter((c) => /^2(\d\d|XX)$/i.test(c)).sort()[0] ?? (codes.includes('default') ? 'default' : undefined)
  if (code === undefined) return undefined
  const response = refs.deref(responses[code]).value
  if (!isObject(response)) return undefined
  if (version === '2.0') return response['schema']
  const content = response['content']
  if (!isObject(content)) return undefined
  const types = Object.keys(content)
  const mediaType = types.find(isJsonMediaType) ?? types[0]
  const entry = mediaType === undefined ? undefined : content[mediaType]
  return isObject(entry) ? entry['schema'] : undefined
}
