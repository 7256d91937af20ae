/**
 * Validates an environments document (after migration) field by field: every auth type's fields and their types,
 * unknown types and keys refused, ids unique, `activeEnvironmentId` naming an existing environment or null.
 * Optional auth fields left out get their defaults; the result is a fresh copy, never the input object.
 * Memory-only fields (the mTLS passphrase) are never kept, nor an approval of a host on this machine without a port
 * (it would cover every local program): such entries are dropped and the result reports `migrated: true`, so the
 * caller may write the document back without them.
 */
import { ENVIRONMENTS_VERSION, type AuthConfig, type Environment, type EnvironmentsDocument } from '../environment.js'
import { authTypes, isAuthType, memoryOnlyFieldsOf, schemeFor } from '../scheme/registry.js'
import type { AuthField } from '../scheme/types.js'
import type { DocumentIssue } from './document-issue.js'
import { parseHosts, parseTrust, type HostNotes } from './environment-parts.js'
import { describe, isRecord, pointer } from './json-shape.js'
import { migrateEnvironmentsDocument } from './migrate.js'

export type ParseEnvironmentsResult =
  { ok: true; document: EnvironmentsDocument; migrated: boolean } | { ok: false; issues: DocumentIssue[] }

// Names a template could never reference, or that would pollute prototypes when copied.
const forbiddenVarNames = new Set(['__proto__', 'constructor', 'prototype'])
const environmentKeys = new Set(['id', 'name', 'vars', 'auth', 'trust', 'hosts'])
const documentKeys = new Set(['version', 'environments', 'activeEnvironmentId'])

/** What parsing found besides issues. */
interface ParseNotes extends HostNotes {
  /** Memory-only fields were present and left out of the result. */
  droppedMemoryOnly: boolean
}

function parseAuth(input: unknown, at: string, issues: DocumentIssue[], notes: ParseNotes): AuthConfig | undefined {
  if (!isRecord(input)) {
    issues.push({ path: at, message: `auth must be an object with a "type", not ${describe(input)}.` })
    return undefined
  }
  const type = input['type']
  if (!isAuthType(type)) {
    issues.push({
      path: `${at}/type`,
      message: `Unknown auth type ${JSON.stringify(type)}; use one of ${authTypes.join(', ')}.`,
    })
    return undefined
  }
  const scheme = schemeFor(type)
  const defaults = scheme.defaults() as unknown as Record<string, unknown>
  const fields = new Map((scheme.fields as ReadonlyArray<AuthField<never>>).map((f) => [f.key, f]))
  const out: Record<string, unknown> = { type }
  const before = issues.length
  const memoryOnly = new Set(memoryOnlyFieldsOf({ type }))
  for (const [key, fallback] of Object.entries(defaults)) {
    if (key === 'type') continue
    const field = fields.get(key)
    const value = input[key]
    if (value === undefined) {
      if (field?.optional) out[key] = fallback
      else issues.push({ path: `${at}/${key}`, message: `${type} auth needs "${key}".` })
      continue
    }
    if (typeof value !== typeof fallback) {
      issues.push({ path: `${at}/${key}`, message: `"${key}" must be a ${typeof fallback}, not ${describe(value)}.` })
      continue
    }
    const allowed = field?.options?.map((o) => o.value)
    if (allowed && !allowed.includes(value as string)) {
      issues.push({
        path: `${at}/${key}`,
        message: `"${key}" must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}.`,
      })
      continue
    }
    out[key] = value
  }
  if (input['persistCookies'] !== undefined) {
    if (typeof input['persistCookies'] !== 'boolean') {
      issues.push({
        path: `${at}/persistCookies`,
        message: `"persistCookies" must be a boolean, not ${describe(input['persistCookies'])}.`,
      })
    } else out['persistCookies'] = input['persistCookies']
  }
  for (const key of Object.keys(input)) {
    if (memoryOnly.has(key)) {
      notes.droppedMemoryOnly = true
    } else if (key !== 'type' && key !== 'persistCookies' && !(key in defaults)) {
      issues.push({ path: `${at}/${key}`, message: `${type} auth has no field "${key}".` })
    }
  }
  return issues.length === before ? (out as unknown as AuthConfig) : undefined
}

function parseVars(input: unknown, at: string, issues: DocumentIssue[]): Record<string, string> {
  const vars: Record<string, string> = {}
  if (!isRecord(input)) {
    issues.push({ path: at, message: `vars must be an object of strings, not ${describe(input)}.` })
    return vars
  }
  for (const [name, value] of Object.entries(input)) {
    const path = `${at}${pointer(name)}`
    if (name.trim() === '' || name.includes('}') || forbiddenVarNames.has(name)) {
      issues.push({ path, message: `${JSON.stringify(name)} cannot be a variable name.` })
    } else if (typeof value !== 'string') {
      issues.push({ path, message: `Variable "${name}" must be a string, not ${describe(value)}.` })
    } else {
      vars[name] = value
    }
  }
  return vars
}

function parseEnvironment(
  input: unknown,
  index: number,
  issues: DocumentIssue[],
  notes: ParseNotes,
): Environment | undefined {
  const at = pointer('environments', index)
  if (!isRecord(input)) {
    issues.push({ path: at, message: `An environment must be an object, not ${describe(input)}.` })
    return undefined
  }
  const before = issues.length
  const { id, name } = input
  if (typeof id !== 'string' || id.trim() === '')
    issues.push({ path: `${at}/id`, message: 'id must be a non-empty string.' })
  if (typeof name !== 'string')
    issues.push({ path: `${at}/name`, message: `name must be a string, not ${describe(name)}.` })
  const vars = parseVars(input['vars'] ?? {}, `${at}/vars`, issues)
  const auth =
    input['auth'] === undefined ? ({ type: 'none' } as const) : parseAuth(input['auth'], `${at}/auth`, issues, notes)
  const trust = parseTrust(input['trust'], `${at}/trust`, issues)
  const hosts = parseHosts(input['hosts'], `${at}/hosts`, issues, notes)
  for (const key of Object.keys(input)) {
    if (!environmentKeys.has(key))
      issues.push({ path: `${at}${pointer(key)}`, message: `An environment has no field "${key}".` })
  }
  if (issues.length !== before || !auth || !trust || !hosts) return undefined
  return { id: id as string, name: name as string, vars, auth, trust, hosts }
}

function idOf(item: unknown): unknown {
  return isRecord(item) ? item['id'] : undefined
}

export function parseEnvironmentsDocument(json: unknown): ParseEnvironmentsResult {
  const { value, migrated } = migrateEnvironmentsDocument(json)
  const issues: DocumentIssue[] = []
  const notes: ParseNotes = { droppedMemoryOnly: false, droppedAnyPortApproval: false }
  if (!isRecord(value))
    return { ok: false, issues: [{ path: '', message: `The document must be a JSON object, not ${describe(value)}.` }] }
  if (value['version'] !== ENVIRONMENTS_VERSION) {
    const newer = typeof value['version'] === 'number' && value['version'] > ENVIRONMENTS_VERSION
    issues.push({
      path: '/version',
      message: newer
        ? `Version ${String(value['version'])} is newer than this workbench understands (${ENVIRONMENTS_VERSION}); update Wirebench.`
        : `version must be ${ENVIRONMENTS_VERSION}, not ${JSON.stringify(value['version'])}.`,
    })
  }
  for (const key of Object.keys(value)) {
    if (!documentKeys.has(key)) issues.push({ path: pointer(key), message: `The document has no field "${key}".` })
  }
  const list = value['environments']
  const environments: Environment[] = []
  if (!Array.isArray(list)) {
    issues.push({ path: '/environments', message: `environments must be an array, not ${describe(list)}.` })
  } else {
    const seen = new Map<string, number>()
    list.forEach((item, index) => {
      const environment = parseEnvironment(item, index, issues, notes)
      if (!environment) return
      const first = seen.get(environment.id)
      if (first !== undefined) {
        issues.push({
          path: pointer('environments', index, 'id'),
          message: `id "${environment.id}" is already used by environment ${first}.`,
        })
      } else seen.set(environment.id, index)
      environments.push(environment)
    })
  }
  const active = value['activeEnvironmentId']
  if (active !== null && typeof active !== 'string') {
    issues.push({
      path: '/activeEnvironmentId',
      message: `activeEnvironmentId must be a string or null, not ${describe(active)}.`,
    })
  } else if (typeof active === 'string' && Array.isArray(list) && !list.some((item) => idOf(item) === active)) {
    // Measured against every listed id, valid environment or not: one bad field elsewhere must not add this bullet.
    issues.push({ path: '/activeEnvironmentId', message: `activeEnvironmentId "${active}" names no environment.` })
  }
  if (issues.length > 0) return { ok: false, issues }
  return {
    ok: true,
    document: { version: ENVIRONMENTS_VERSION, environments, activeEnvironmentId: active as string | null },
    migrated: migrated || notes.droppedMemoryOnly || notes.droppedAnyPortApproval,
  }
}
