/** Service and method names per SPEC.md's REST method model. */
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export const defaultServiceName = 'Default'

/** The first tag, else `Default`. */
export function serviceNameOf(operation: JsonObject): string {
  const tags = operation['tags']
  const first: unknown = Array.isArray(tags) ? tags[0] : undefined
  return typeof first === 'string' && first.trim() !== '' ? first : defaultServiceName
}

/** `operationId`, else a sanitized `<verb>_<path>`. */
export function methodNameOf(operation: JsonObject, verb: string, path: string): string {
  const id = operation['operationId']
  return typeof id === 'string' && id.trim() !== '' ? id : sanitizedMethodName(verb, path)
}

/**
 * `GET /users/{id:int}/repos` → `get_users_id_repos`: route constraints stripped, every run of characters outside
 * `[A-Za-z0-9]` folded into one underscore, no leading or trailing underscore.
 */
export function sanitizedMethodName(verb: string, path: string): string {
  const withoutConstraints = path.replace(/\{([^}:]+):[^}]*\}/g, '{$1}')
  return `${verb.toLowerCase()}_${withoutConstraints}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
}

/** Makes a name unique within a set by suffixing `_2`, `_3`…; duplicate operationIds happen in the wild. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name
  for (let i = 2; taken.has(candidate); i++) candidate = `${name}_${i}`
  taken.add(candidate)
  return candidate
}

export function stringField(value: JsonObject, key: string): string | undefined {
  const field = value[key]
  return typeof field === 'string' && field !== '' ? field : undefined
}

export function tagDescriptions(root: JsonObject): Map<string, string> {
  const map = new Map<string, string>()
  const tags = root['tags']
  if (!Array.isArray(tags)) return map
  for (const tag of tags) {
    if (isObject(tag) && typeof tag['name'] === 'string' && typeof tag['description'] === 'string') {
      map.set(tag['name'], tag['description'])
    }
  }
  return map
}
