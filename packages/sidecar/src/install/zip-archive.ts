/**
 * Extracts a plugin archive (.zip) into a staging directory with yauzl, one entry at a time and checked before it is
 * written: no absolute path, no `..`, no link of any kind, at most so many entries, bytes per file and in total, and no
 * entry that inflates beyond the compression-ratio cap (a zip bomb). The declared sizes are checked up front and the
 * real ones while inflating (yauzl stops an entry that inflates past its declared size).
 */
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Entry, ZipFile } from 'yauzl'
import { InstallError } from './limits.js'
import type { PackageLimits } from './limits.js'

const S_IFMT = 0o170000
const S_IFLNK = 0o120000
const S_IFDIR = 0o040000
const S_IFREG = 0o100000

async function openZip(file: string): Promise<ZipFile> {
  const yauzl = await import('yauzl')
  return new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true },
      (error, zip) =>
        error ? reject(new InstallError(`${file} is not a readable zip archive: ${error.message}`)) : resolve(zip),
    )
  })
}

/** The entry's path inside `root`, or a refusal naming the entry. */
function entryPath(root: string, name: string): string {
  if (isAbsolute(name) || /^[a-zA-Z]:/.test(name) || name.startsWith('/')) {
    throw new InstallError(`The archive entry "${name}" has an absolute path.`)
  }
  const parts = name.split('/')
  if (parts.includes('..')) throw new InstallError(`The archive entry "${name}" climbs out of the package (..).`)
  const target = join(root, name)
  const rel = relative(root, target)
  if (rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) {
    throw new InstallError(`The archive entry "${name}" points outside the package.`)
  }
  return target
}

function checkEntry(entry: Entry, limits: PackageLimits, totals: { bytes: number }): void {
  const mode = (entry.externalFileAttributes >>> 16) & 0xffff
  const type = mode & S_IFMT
  if (type === S_IFLNK)
    throw new InstallError(`The archive entry "${entry.fileName}" is a symbolic link; links are not installed.`)
  if (type !== 0 && type !== S_IFDIR && type !== S_IFREG) {
    throw new InstallError(`The archive entry "${entry.fileName}" is not a file or a directory.`)
  }
  if (entry.uncompressedSize > limits.maxFileBytes) {
    throw new InstallError(
      `The archive entry "${entry.fileName}" holds ${entry.uncompressedSize} bytes; one file may hold at most ${limits.maxFileBytes}.`,
    )
  }
  totals.bytes += entry.uncompressedSize
  if (totals.bytes > limits.maxTotalBytes) {
    throw new InstallError(`The archive holds more than ${limits.maxTotalBytes} bytes once extracted.`)
  }
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1)
  if (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxCompressionRatio) {
    throw new InstallError(
      `The archive entry "${entry.fileName}" inflates ${Math.round(ratio)}× (${entry.compressedSize} → ${entry.uncompressedSize} bytes); the limit is ${limits.maxCompressionRatio}× (a zip bomb?).`,
    )
  }
}

/** Counts the bytes really inflated: a lying header cannot push a file or the package past its cap. */
function byteCap(entry: Entry, limits: PackageLimits, totals: { written: number }): Transform {
  let bytes = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      totals.written += chunk.length
      if (bytes > limits.maxFileBytes || totals.written > limits.maxTotalBytes) {
        done(new InstallError(`The archive entry "${entry.fileName}" inflates past the size limits.`))
        return
      }
      done(null, chunk)
    },
  })
}

/** Extracts `file` into the empty directory `root`; throws an InstallError at the first entry that breaks a rule. */
export async function extractZip(file: string, root: string, limits: PackageLimits): Promise<void> {
  const zip = await openZip(file)
  if (zip.entryCount > limits.maxEntries) {
    zip.close()
    throw new InstallError(
      `The archive has ${zip.entryCount} entries; a plugin package may have at most ${limits.maxEntries}.`,
    )
  }
  const totals = { bytes: 0, written: 0 }
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close()
      reject(
        error instanceof InstallError
          ? error
          : new InstallError(`The archive was refused: ${(error as Error).message}`),
      )
    }
    zip.on('error', fail)
    zip.on('end', () => resolve())
    zip.on('entry', (entry: Entry) => {
      void (async () => {
        const target = entryPath(root, entry.fileName)
        checkEntry(entry, limits, totals)
        if (entry.fileName.endsWith('/')) {
          await mkdir(target, { recursive: true, mode: 0o700 })
          zip.readEntry()
          return
        }
        await mkdir(dirname(target), { recursive: true, mode: 0o700 })
        const mode = (entry.externalFileAttributes >>> 16) & 0o111 ? 0o700 : 0o600
        const source = await new Promise<NodeJS.ReadableStream>((done, refuse) =>
          zip.openReadStream(entry, (error, stream) => (error ? refuse(error) : done(stream))),
        )
        await pipeline(source, byteCap(entry, limits, totals), createWriteStream(target, { flags: 'wx', mode }))
        zip.readEntry()
      })().catch(fail)
    })
    zip.readEntry()
  })
}
