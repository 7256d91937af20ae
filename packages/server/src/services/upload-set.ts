/**
 * An upload set: its JSON body decoded and bounded, the set checked as a whole (names, duplicates, count) before
 * anything is read, and writing its files so that a failed write leaves the directory as it was.
 */
import { WorkbenchError } from '@wirebench/core'
import type { SchemaFile, UploadSetRequest } from '@wirebench/core'
import { validateUploadName } from './upload-names.js'
import type { StoredFile, UploadStore } from './upload-store.js'

export const uploadSetLimits = {
  /** Files in one set (a large .proto tree such as googleapis' is a few hundred). */
  maxFiles: 500,
}

/** Throws a WorkbenchError naming the first file (or the set) that cannot be taken; sizes are the route's to bound. */
export function validateUploadSet(files: readonly SchemaFile[]): void {
  if (files.length === 0) {
    throw new WorkbenchError('invalid_request', 'No files were given.', { hint: 'Choose at least one schema file.' })
  }
  if (files.length > uploadSetLimits.maxFiles) {
    throw new WorkbenchError(
      'payload_too_large',
      `${files.length} files is more than the ${uploadSetLimits.maxFiles} one upload may hold.`,
      { hint: 'Upload the files in several smaller sets (files that import each other together).' },
    )
  }
  const seen = new Set<string>()
  for (const file of files) {
    validateUploadName(file.name)
    if (seen.has(file.name)) {
      throw new WorkbenchError('invalid_request', `${file.name} is in the set twice.`, {
        hint: 'Upload each file once; files of the same name replace each other.',
        details: { file: file.name },
      })
    }
    seen.add(file.name)
  }
}

/**
 * Writes every file of the set; when one write fails, the files written before it are put back as they were (the
 * previous version of a replaced file, nothing for a new one) and the failure is thrown.
 */
export async function writeUploadSet(store: UploadStore, files: readonly SchemaFile[]): Promise<StoredFile[]> {
  const existing = new Set((await store.list()).map((f) => f.name))
  const previous = new Map<string, Uint8Array>()
  for (const file of files) if (existing.has(file.name)) previous.set(file.name, await store.read(file.name))
  const written: StoredFile[] = []
  try {
    for (const file of files) written.push(await store.write(file.name, file.content))
    return written
  } catch (error) {
    for (const done of written) {
      const before = previous.get(done.name)
      await (before ? store.write(done.name, before) : store.remove(done.name)).catch(() => undefined)
    }
    throw error
  }
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
}

const base64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The JSON body of a set as files, refusing content that is not base64 and a set larger than one upload may be. */
export function decodeUploadSet(body: UploadSetRequest, maxTotalBytes: number): SchemaFile[] {
  let total = 0
  return body.files.map(({ name, content }) => {
    if (content.length % 4 !== 0 || !base64.test(content)) {
      throw new WorkbenchError('invalid_request', `The content of ${name} is not base64.`, {
        hint: 'Send each file’s bytes base64-encoded (standard alphabet, with padding).',
        details: { file: name },
      })
    }
    const bytes = new Uint8Array(Buffer.from(content, 'base64'))
    total += bytes.byteLength
    if (total > maxTotalBytes) {
      throw new WorkbenchError(
        'payload_too_large',
        `The files add up to more than the ${megabytes(maxTotalBytes)} one upload may hold.`,
        { hint: 'Upload the files in several smaller sets (files that import each other together).' },
      )
    }
    return { name, content: bytes }
  })
}

/** The largest JSON body of a set: its bytes in base64 plus room for names and JSON punctuation. */
export function uploadSetBodyLimit(maxTotalBytes: number): number {
  return Math.ceil(maxTotalBytes / 3) * 4 + uploadSetLimits.maxFiles * 512
}
