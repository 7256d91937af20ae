/**
 * The response side of an operation: the schema of its first 2xx (else `default`) JSON-ish response, and whether that
 * response is only a `text/event-stream` (the operation then streams events).
 */
import { isEventStreamType } from '@wirebench/transport'
import type { SpecVersion } from './parse-document.js'
import type { RefResolver } from './refs.js'
import { isJsonMediaType } from './media-types.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

function successResponse(operation: JsonObject, refs: RefResolver): JsonObject | undefined {
  const responses = operation['responses']
  if (!isObject(responses)) return undefined
  const codes = Object.keys(responses)
  const code =
    codes.filter((c) => /^2(\d\d|XX)$/i.test(c)).sort()[0] ?? (codes.includes('default') ? 'default' : undefined)
  if (code === undefined) return undefined
  const response = refs.deref(responses[code]).value
  return isObject(response) ? response : undefined
}

export function responseSchemaOf(operation: JsonObject, version: SpecVersion, refs: RefResolver): unknown {
  const response = successResponse(operation, refs)
  if (response === undefined) return undefined
  if (version === '2.0') return response['schema']
  const content = response['content']
  if (!isObject(content)) return undefined
  const types = Object.keys(content)
  const mediaType = types.find(isJsonMediaType) ?? types[0]
  const entry = mediaType === undefined ? undefined : content[mediaType]
  return isObject(entry) ? entry['schema'] : undefined
}

function isEventStreamMediaType(mediaType: unknown): boolean {
  return typeof mediaType === 'string' && isEventStreamType(mediaType)
}

/**
 * True when `text/event-stream` is the only media type of the success response's content (Swagger 2.0: of
 * `produces`). An operation that also offers JSON stays unary: it is callable both ways and a unary call reads it.
 */
export function streamsEvents(
  operation: JsonObject,
  version: SpecVersion,
  refs: RefResolver,
  root: JsonObject,
): boolean {
  if (version === '2.0') {
    const produces = Array.isArray(operation['produces']) ? operation['produces'] : root['produces']
    return onlyEventStreams(Array.isArray(produces) ? produces : [])
  }
  const content = successResponse(operation, refs)?.['content']
  return isObject(content) && onlyEventStreams(Object.keys(content))
}

function onlyEventStreams(mediaTypes: unknown[]): boolean {
  return mediaTypes.length > 0 && mediaTypes.every(isEventStreamMediaType)
}
