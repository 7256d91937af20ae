/**
 * Validates an uploaded .proto set and lays it out as an import tree: each file sits at its own name, or at the path
 * another upload imports it by when that path ends in its name (uploads are plain file names, imports are paths).
 */
import { WorkbenchError } from '@wirebench/core'
import type { SchemaFile } from '@wirebench/core'
import { readImports } from './imports.js'

export const protoSetLimits = {
  maxFiles: 500,
  maxFileBytes: 8 * 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxPathLength: 400,
}

// Import paths under this prefix are the well-known types the compiler has built in.
const wellKnownPrefix = 'google/protobuf/'

export interface LaidOutFile {
  name: string
  path: string
  content: Uint8Array
}

/** Why `path` is not a safe relative import path, or undefined when it is one. */
export function unsafePathReason(path: string): string | undefined {
  if (path.length === 0) return 'it is empty'
  if (path.length > protoSetLimits.maxPathLength) return `it is longer than ${protoSetLimits.maxPathLength} characters`
  if (path.includes('\\')) return 'it contains a backslash'
  if (path.startsWith('/')) return 'it is an absolute path'
  // Cc (C0, DEL, C1) and Cf (bidi overrides, zero-width characters): they hide or reorder what the name shows.
  if (/[\p{Cc}\p{Cf}]/u.test(path)) return 'it contains invisible or control characters'
  for (const segment of path.split('/')) {
    if (segment === '') return 'it contains an empty path segment'
    if (segment === '.' || segment === '..') return `it contains a "${segment}" segment`
    if (segment.startsWith('.')) return 'a path segment starts with a dot'
    if (segment.trim() !== segment) return 'a path segment starts or ends with white space'
  }
  if (!path.endsWith('.proto')) return 'it does not end in .proto'
  return undefined
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

function validate(files: readonly SchemaFile[]): void {
  if (files.length === 0) {
    throw new WorkbenchError('invalid_request', 'No .proto files were given.', {
      hint: 'Upload at least one .proto file.',
    })
  }
  if (files.length > protoSetLimits.maxFiles) {
    throw new WorkbenchError(
      'payload_too_large',
      `${files.length} .proto files is more than the limit of ${protoSetLimits.maxFiles}.`,
    )
  }
  const seen = new Set<string>()
  let total = 0
  for (const file of files) {
    const reason = unsafePathReason(file.name)
    if (reason !== undefined) {
      throw new WorkbenchError(
        'invalid_request',
        `"${printable(file.name)}" is not an acceptable .proto file name: ${reason}.`,
        {
          hint: 'Use a relative path made of plain names that ends in .proto, such as acme/v1/orders.proto.',
          details: { file: printable(file.name) },
        },
      )
    }
    if (seen.has(file.name)) {
      throw new WorkbenchError('invalid_request', `${file.name} was given twice.`, { details: { file: file.name } })
    }
    seen.add(file.name)
    if (file.content.byteLength > protoSetLimits.maxFileBytes) {
      throw new WorkbenchError(
        'payload_too_large',
        `${file.name} is larger than ${protoSetLimits.maxFileBytes} bytes.`,
        {
          details: { file: file.name },
        },
      )
    }
    total += file.content.byteLength
  }
  if (total > protoSetLimits.maxTotalBytes) {
    throw new WorkbenchError(
      'payload_too_large',
      `The .proto files add up to more than ${protoSetLimits.maxTotalBytes} bytes.`,
    )
  }
}

/** Maps import paths to uploads, placing a plain-named upload at the first path that names it. */
function createResolver(files: readonly SchemaFile[]) {
  const names = new Set(files.map((f) => f.name))
  const byBaseName = new Map<string, string[]>()
  for (const { name } of files) {
    const base = baseName(name)
    byBaseName.set(base, [...(byBaseName.get(base) ?? []), name])
  }
  const placed = new Map<string, string>()
  const byPlacedPath = new Map<string, string>()
  return {
    placed,
    /** The upload an import path refers to, or undefined when none does (the compiler then reports it). */
    resolve(path: string): string | undefined {
      if (names.has(path)) return path
      // Well-known types come from the compiler, never from an upload that happens to share a name.
      if (path.startsWith(wellKnownPrefix)) return undefined
      const already = byPlacedPath.get(path)
      if (already !== undefined) return already
      // A path from file content is untrusted: an unsafe one is left for the compiler to report, never written.
      if (unsafePathReason(path) !== undefined) return undefined
      const candidates = byBaseName.get(baseName(path)) ?? []
      const [only] = candidates
      if (candidates.length !== 1 || only === undefined || placed.has(only)) return undefined
      placed.set(only, path)
      byPlacedPath.set(path, only)
      return only
    },
  }
}

/**
 * Validates the set and chooses each file's import path; throws a WorkbenchError naming the first bad file. With
 * `entry`, only that file and what it imports (directly or not) are laid out, entry first: the other files are
 * candidates for its imports, so an unrelated or broken one cannot fail the compilation.
 */
export function layOutProtoFiles(files: readonly SchemaFile[], entry?: string): LaidOutFile[] {
  validate(files)
  const resolver = createResolver(files)
  const decoder = new TextDecoder()
  const importsOf = (file: SchemaFile) => readImports(decoder.decode(file.content)).map((i) => i.path)
  let included: SchemaFile[]
  if (entry === undefined) {
    for (const file of files) importsOf(file).forEach((path) => resolver.resolve(path))
    included = [...files]
  } else {
    const byName = new Map(files.map((f) => [f.name, f]))
    const first = byName.get(entry)
    if (!first) {
      throw new WorkbenchError('invalid_request', `The entry file ${printable(entry)} is not among the files given.`)
    }
    included = [first]
    const seen = new Set([entry])
    for (let i = 0; i < included.length; i++) {
      const file = included[i]
      if (!file) break
      for (const path of importsOf(file)) {
        const name = resolver.resolve(path)
        const target = name === undefined ? undefined : byName.get(name)
        if (!target || seen.has(target.name)) continue
        seen.add(target.name)
        included.push(target)
      }
    }
  }
  return included.map((f) => ({ name: f.name, path: resolver.placed.get(f.name) ?? f.name, content: f.content }))
}

function printable(name: string): string {
  return name.replace(/[\p{Cc}\p{Cf}]/gu, '?').slice(0, protoSetLimits.maxPathLength)
}
