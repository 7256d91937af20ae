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

/** Validates the set and chooses each file's import path; throws a WorkbenchError naming the first bad file. */
export function layOutProtoFiles(files: readonly SchemaFile[]): LaidOutFile[] {
  validate(files)
  const names = new Set(files.map((f) => f.name))
  const byBaseName = new Map<string, string[]>()
  for (const { name } of files) {
    const base = baseName(name)
    byBaseName.set(base, [...(byBaseName.get(base) ?? []), name])
  }
  const placed = new Map<string, string>()
  const taken = new Set(names)
  const decoder = new TextDecoder()
  for (const file of files) {
    for (const { path } of readImports(decoder.decode(file.content))) {
      if (names.has(path) || path.startsWith(wellKnownPrefix) || taken.has(path)) continue
      // A path from file content is untrusted: an unsafe one is left for the compiler to report, never written.
      if (unsafePathReason(path) !== undefined) continue
      const candidates = byBaseName.get(baseName(path)) ?? []
      const [only] = candidates
      if (candidates.length !== 1 || only === undefined || placed.has(only)) continue
      placed.set(only, path)
      taken.add(path)
    }
  }
  return files.map((f) => ({ name: f.name, path: placed.get(f.name) ?? f.name, content: f.content }))
}

function printable(name: string): string {
  return name.replace(/[\p{Cc}\p{Cf}]/gu, '?').slice(0, protoSetLimits.maxPathLength)
}
