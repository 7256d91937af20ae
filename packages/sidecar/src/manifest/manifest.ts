/**
 * Reading and validating `sidecar.json`: JSON Schema (draft 2020-12) with Ajv, then the rules a schema cannot state
 * (the executable must stay inside the plugin directory). An invalid manifest is reported with the JSON path and the
 * reason, never loaded.
 */
import { readFile, realpath, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import type * as Ajv2020Module from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { sidecarManifestSchema } from './schema.js'

export const MANIFEST_FILE = 'sidecar.json'

/** A manifest larger than this is refused unread: real ones are a few hundred bytes (an icon included). */
export const MAX_MANIFEST_BYTES = 256 * 1024

export interface SidecarManifest {
  $schema?: string
  packageId: string
  protocol: { id: string; name: string; iconSvg?: string }
  transport?: 'stdio' | 'http'
  executable?: string
  args?: string[]
  envPrefix?: string
  shutdownTimeoutMs?: number
  url?: string
  version?: string
  /** URL schemes (without `:`) whose addresses this sidecar reads; default: the protocol id. */
  schemes?: string[]
}

/** One thing wrong with a manifest: where (a JSON pointer, `/` for the whole document) and what. */
export interface ManifestProblem {
  path: string
  message: string
}

export type ManifestCheck = { ok: true; manifest: SidecarManifest } | { ok: false; problems: ManifestProblem[] }

let validator: ValidateFunction | undefined

/** Ajv is required on first use: a workbench without sidecars never loads it. */
function manifestValidator(): ValidateFunction {
  if (validator) return validator
  const require = createRequire(import.meta.url)
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof Ajv2020Module
  const addFormats = require('ajv-formats') as (ajv: InstanceType<typeof Ajv2020>) => unknown
  // strictRequired is off: the if/then/else branches require properties declared beside them, not in them.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, useDefaults: false })
  addFormats(ajv)
  validator = ajv.compile(sidecarManifestSchema)
  return validator
}

/** Ajv's own wording, made to name the field: `must have required property 'url'` → `/url: is required…`. */
function describe(error: ErrorObject): ManifestProblem {
  const at = error.instancePath || '/'
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return {
        path: `${error.instancePath}/${String(params.missingProperty)}`,
        message: requiredMessage(error, params),
      }
    case 'additionalProperties':
      return {
        path: `${error.instancePath}/${String(params.additionalProperty)}`,
        message: `"${String(params.additionalProperty)}" is not a manifest field (allowed: ${allowedFields(error.instancePath)}).`,
      }
    case 'enum':
      return {
        path: at,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`,
      }
    default:
      return { path: at, message: `${error.message ?? 'is invalid'}.` }
  }
}

function requiredMessage(error: ErrorObject, params: Record<string, unknown>): string {
  const missing = String(params.missingProperty)
  if (error.schemaPath.startsWith('#/then')) return `"${missing}" is required when transport is "http".`
  if (error.schemaPath.startsWith('#/else')) return `"${missing}" is required unless transport is "http".`
  return `"${missing}" is required.`
}

function allowedFields(instancePath: string): string {
  const schema = instancePath === '/protocol' ? sidecarManifestSchema.properties.protocol : sidecarManifestSchema
  return Object.keys(schema.properties).join(', ')
}

/** Validates a parsed manifest against the schema. `if` failures repeat what `then`/`else` say, so they are dropped. */
export function checkManifest(value: unknown): ManifestCheck {
  const validate = manifestValidator()
  if (validate(value)) return { ok: true, manifest: value as SidecarManifest }
  const problems = (validate.errors ?? []).filter((e) => e.keyword !== 'if').map(describe)
  return { ok: false, problems }
}

/** Reads `<dir>/sidecar.json`, parses and validates it. File and JSON errors are problems of the document (`/`). */
export async function readManifest(dir: string): Promise<ManifestCheck> {
  const file = join(dir, MANIFEST_FILE)
  let text: string
  try {
    const info = await stat(file)
    if (info.size > MAX_MANIFEST_BYTES) {
      return {
        ok: false,
        problems: [
          { path: '/', message: `${MANIFEST_FILE} is ${info.size} bytes; the limit is ${MAX_MANIFEST_BYTES}.` },
        ],
      }
    }
    text = await readFile(file, 'utf8')
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '/', message: `${MANIFEST_FILE} cannot be read: ${(error as Error).message}` }],
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text) as unknown
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '/', message: `${MANIFEST_FILE} is not JSON: ${(error as Error).message}` }],
    }
  }
  return checkManifest(parsed)
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)
}

/**
 * The absolute path of the manifest's executable, which must be a file inside the plugin directory once every
 * symlink is resolved (a link pointing out of the directory is refused like `../`).
 */
export async function resolveExecutable(dir: string, executable: string): Promise<string> {
  if (isAbsolute(executable)) {
    throw new ManifestError('/executable', `"${executable}" is absolute; give a path relative to the plugin directory.`)
  }
  const root = await realpath(dir)
  const lexical = resolve(root, executable)
  if (!isInside(root, lexical)) {
    throw new ManifestError('/executable', `"${executable}" points outside the plugin directory ${root}.`)
  }
  let real: string
  try {
    real = await realpath(lexical)
  } catch {
    throw new ManifestError('/executable', `"${executable}" does not exist in ${root}.`)
  }
  if (!isInside(root, real)) {
    throw new ManifestError(
      '/executable',
      `"${executable}" is a link to ${real}, outside the plugin directory ${root}.`,
    )
  }
  if (!(await stat(real)).isFile()) throw new ManifestError('/executable', `"${executable}" is not a file.`)
  return real
}

/** A manifest rule broken outside the schema's reach (the executable's place on disk). */
export class ManifestError extends Error {
  override readonly name = 'ManifestError'
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message)
  }
}
