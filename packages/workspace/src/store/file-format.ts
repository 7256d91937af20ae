/**
 * Validation and serialisation of the workspace's files: `workspace.json`, `requests/**.json` and `folder.json`.
 * Written with a fixed order of the known top-level keys (then any others, sorted), 2-space indent and a trailing
 * newline, so a save that changes one field is a one-line diff in git. Values inside messages and options keep the
 * order they were typed in: a JSON body is sent as written.
 */
import { WORKSPACE_FILE_VERSION, assertionsProblem } from '@wirebench/core'
import type { SavedFolder, SavedRequest, WorkspaceManifest } from '@wirebench/core'

export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string }

const requestKeys = [
  'version',
  'name',
  'protocol',
  'url',
  'service',
  'method',
  'messages',
  'metadata',
  'options',
  'auth',
  'notes',
  'assertions',
] as const
const folderKeys = ['version', 'auth'] as const
const manifestKeys = ['version', 'name', 'urls', 'vars'] as const

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string')
}

function checkVersion(json: Record<string, unknown>): string | undefined {
  if (json.version === WORKSPACE_FILE_VERSION) return undefined
  return `"version" must be ${WORKSPACE_FILE_VERSION} (found ${JSON.stringify(json.version) ?? 'nothing'})`
}

function checkAuth(auth: unknown): string | undefined {
  if (auth === undefined) return undefined
  if (!isRecord(auth)) return '"auth" must be an object'
  if (auth.mode === 'inherit' || auth.mode === 'none') return undefined
  if (auth.mode !== 'own') return '"auth.mode" must be "inherit", "none" or "own"'
  if (!isRecord(auth.config) || typeof auth.config.type !== 'string') return '"auth.config.type" must be a string'
  return undefined
}

export function validateSavedRequest(json: unknown): Validated<SavedRequest> {
  if (!isRecord(json)) return { ok: false, reason: 'a saved request must be a JSON object' }
  const problem =
    checkVersion(json) ??
    (['name', 'protocol', 'url', 'service', 'method'] as const)
      .filter((key) => typeof json[key] !== 'string')
      .map((key) => `"${key}" must be a string`)[0] ??
    (Array.isArray(json.messages) ? undefined : '"messages" must be an array') ??
    (json.metadata === undefined || isStringMap(json.metadata)
      ? undefined
      : '"metadata" must map header names to strings') ??
    (json.options === undefined || isRecord(json.options) ? undefined : '"options" must be an object') ??
    checkAuth(json.auth) ??
    (json.notes === undefined || typeof json.notes === 'string' ? undefined : '"notes" must be a string') ??
    assertionsProblem(json.assertions)
  return problem ? { ok: false, reason: problem } : { ok: true, value: json as unknown as SavedRequest }
}

export function validateSavedFolder(json: unknown): Validated<SavedFolder> {
  if (!isRecord(json)) return { ok: false, reason: 'a folder file must be a JSON object' }
  const problem = checkVersion(json) ?? checkAuth(json.auth)
  return problem ? { ok: false, reason: problem } : { ok: true, value: json as unknown as SavedFolder }
}

/** `name` is optional on disk; the caller supplies the folder's name. */
export function validateManifest(json: unknown, fallbackName: string): Validated<WorkspaceManifest> {
  if (!isRecord(json)) return { ok: false, reason: 'workspace.json must be a JSON object' }
  const problem =
    checkVersion(json) ??
    (json.name === undefined || typeof json.name === 'string' ? undefined : '"name" must be a string') ??
    (json.urls === undefined || (Array.isArray(json.urls) && json.urls.every((u) => typeof u === 'string'))
      ? undefined
      : '"urls" must be an array of strings') ??
    (json.vars === undefined || isStringMap(json.vars) ? undefined : '"vars" must map names to strings')
  if (problem) return { ok: false, reason: problem }
  const name = typeof json.name === 'string' && json.name !== '' ? json.name : fallbackName
  return { ok: true, value: { ...(json as unknown as WorkspaceManifest), name } }
}

function ordered(value: object, keys: readonly string[]): Record<string, unknown> {
  const source = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key]
  for (const key of Object.keys(source).sort()) {
    if (!keys.includes(key) && source[key] !== undefined) out[key] = source[key]
  }
  return out
}

function toText(value: Record<string, unknown>): string {
  return `${JSON.stringify(value, null, 2)}\n`
}

export function serializeSavedRequest(request: SavedRequest): string {
  return toText(ordered(request, requestKeys))
}

export function serializeSavedFolder(folder: SavedFolder): string {
  return toText(ordered(folder, folderKeys))
}

export function serializeManifest(manifest: WorkspaceManifest): string {
  return toText(ordered(manifest, manifestKeys))
}
