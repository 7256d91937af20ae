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
    case 'minLength':
      return { path: at, message: `${fieldName(at)} is empty; ${whatToWrite(at)}` }
    case 'type':
      return { path: at, message: `${fieldName(at)} must be ${article(String(params.type))}; ${whatToWrite(at)}` }
    case 'format':
      return { path: at, message: `${fieldName(at)} must be an absolute URL; ${whatToWrite(at)}` }
    case 'pattern':
    case 'minItems':
    case 'maxItems':
    case 'uniqueItems':
      return { path: at, message: `${fieldName(at)} is not valid here; ${whatToWrite(at)}` }
    case 'not':
      return {
        path: at,
        message: `${fieldName(at)} names a prefix of well-known credentials, which would hand them to the sidecar; ${whatToWrite(at)}`,
      }
    case 'minimum':
      return { path: at, message: `${fieldName(at)} must be ${String(params.limit)} or more.` }
    default:
      return { path: at, message: `${fieldName(at)} ${error.message ?? 'is invalid'}.` }
  }
}

/** What each field takes, in the words a problem ends with. */
const fieldHelp: Record<string, string> = {
  '/packageId': 'write a reverse-DNS id such as "dev.example.toy".',
  '/protocol': 'write an object such as { "id": "toy", "name": "Toy lab" }.',
  '/protocol/id': 'write the id the sidecar answers in initialize, such as "toy".',
  '/protocol/name': 'write the name shown in the workbench, such as "Toy lab".',
  '/protocol/iconSvg': 'write an inline <svg> document, or leave the field out.',
  '/executable': 'write the program\'s path relative to the plugin directory, such as "bin/sidecar".',
  '/args': 'write a list of strings, such as ["--verbose"].',
  '/envPrefix': 'write the sidecar\'s own prefix, at least 3 characters ending in "_", such as "TOY_".',
  '/url': 'write the JSON-RPC endpoint, such as "http://127.0.0.1:7000/rpc".',
  '/version': 'write a version string, such as "1.0.0".',
  '/schemes': 'write a list of URL schemes without "://", such as ["mqtt", "mqtts"].',
}

function whatToWrite(path: string): string {
  return fieldHelp[path.replace(/\/\d+$/, '')] ?? 'see sidecar.schema.json for what it takes.'
}

/** `/protocol/id` → `"id"`, `/schemes/0` → `"schemes" entry 1`; the document itself is `The manifest`. */
function fieldName(path: string): string {
  const parts = path.split('/').filter((p) => p !== '')
  const last = parts.at(-1)
  if (last === undefined) return 'The manifest'
  if (/^\d+$/.test(last) && parts.length > 1) return `"${parts.at(-2) ?? ''}" entry ${Number(last) + 1}`
  return `"${last}"`
}

function article(type: string): string {
  return type === 'integer' || type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`
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
