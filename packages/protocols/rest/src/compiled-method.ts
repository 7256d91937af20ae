/**
 * What every call of a discovered method needs from it and that no call changes (verb, wire path, the body layout
 * when the call sets no Content-Type, the names a message may fill), worked out on its first call and kept with it.
 */
import type { MethodInfo } from '@wirebench/core'
import { bodyLayout } from './body-layout.js'
import type { BodyLayout } from './body-layout.js'

export interface CompiledMethod {
  /** The HTTP method, upper-case. */
  verb: string
  /** The path template as it goes on the wire (no `#…` suffix). */
  path: string
  /** False for GET, HEAD, DELETE, OPTIONS and TRACE: they skip body serialisation. */
  sendsBody: boolean
  /** The body layout when the call's headers set no Content-Type. */
  defaultLayout: BodyLayout
  /** The names a message may fill with that layout: the operation's fields and the layout's body fields. */
  defaultKnownNames: ReadonlySet<string>
}

const bodylessVerbs = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE'])

// Keyed by the method object: discovery builds it once and never changes it after; a deferred method built again
// on demand is a new object and gets its own entry, and one dropped with its document frees its entry.
const compiled = new WeakMap<MethodInfo, CompiledMethod>()

export function compiledMethod(method: MethodInfo): CompiledMethod {
  const known = compiled.get(method)
  if (known !== undefined) return known
  const verb = (method.httpMethod ?? 'GET').toUpperCase()
  const defaultLayout = bodyLayout(method, undefined)
  const made: CompiledMethod = {
    verb,
    path: wirePath(method.httpPath ?? '/'),
    sendsBody: !bodylessVerbs.has(verb),
    defaultLayout,
    defaultKnownNames: knownNames(method, defaultLayout),
  }
  compiled.set(method, made)
  return made
}

export function knownNames(method: MethodInfo, layout: BodyLayout): ReadonlySet<string> {
  const names = new Set<string>()
  for (const field of method.inputType.fields) names.add(field.name)
  for (const field of layout.fields) names.add(field.name)
  return names
}

/**
 * The path of a path key without its `#…` suffix: a fragment never reaches the server, and documents converted from
 * query APIs (APIs.guru's AWS descriptions: `/#Action=DescribeRegions`) use it only to keep their keys unique.
 */
function wirePath(key: string): string {
  const hash = key.indexOf('#')
  return hash < 0 ? key : key.slice(0, hash) || '/'
}
