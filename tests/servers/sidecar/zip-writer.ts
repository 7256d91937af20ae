/**
 * A minimal zip writer for install tests. Unlike archivers, it writes whatever it is told — `../` names, absolute
 * paths, symbolic links, lying sizes, 100,000 entries (zip64 directory) — so the installer can be shown to refuse
 * each. Entries are stored or deflated with node:zlib.
 */
import { writeFile } from 'node:fs/promises'
import { crc32, deflateRawSync } from 'node:zlib'

export interface ZipEntry {
  name: string
  data?: Buffer
  /** Unix mode with type bits (0o100644 file, 0o120777 symlink, 0o040755 directory). */
  mode?: number
  deflate?: boolean
  /** Pre-deflated data and its real size (a bomb built by streaming). */
  raw?: { compressed: Buffer; size: number; crc: number }
  /** Declares this uncompressed size instead of the real one (a lying header). */
  declaredSize?: number
}

function u16(value: number): Buffer {
  const b = Buffer.alloc(2)
  b.writeUInt16LE(value)
  return b
}
function u32(value: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(value >>> 0)
  return b
}
function u64(value: number): Buffer {
  const b = Buffer.alloc(8)
  b.writeBigUInt64LE(BigInt(value))
  return b
}

export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = entry.data ?? Buffer.alloc(0)
    const method = entry.raw || entry.deflate ? 8 : 0
    const body = entry.raw ? entry.raw.compressed : entry.deflate ? deflateRawSync(data) : data
    const size = entry.declaredSize ?? (entry.raw ? entry.raw.size : data.length)
    const crc = entry.raw ? entry.raw.crc : crc32(data)
    const mode = entry.mode ?? (entry.name.endsWith('/') ? 0o040755 : 0o100644)
    const common = Buffer.concat([
      u16(20),
      u16(0x0800),
      u16(method),
      u16(0),
      u16(0x21),
      u32(crc),
      u32(body.length),
      u32(size),
      u16(name.length),
      u16(0),
    ])
    const local = Buffer.concat([u32(0x04034b50), common, name, body])
    locals.push(local)
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16((3 << 8) | 20),
        common,
        u16(0),
        u16(0),
        u16(0),
        u32(mode * 0x10000),
        u32(offset),
        name,
      ]),
    )
    offset += local.length
  }
  const directory = Buffer.concat(central)
  const count = entries.length
  const tail: Buffer[] = []
  if (count > 0xffff) {
    const zip64At = offset + directory.length
    tail.push(
      Buffer.concat([
        u32(0x06064b50),
        u64(44),
        u16((3 << 8) | 45),
        u16(45),
        u32(0),
        u32(0),
        u64(count),
        u64(count),
        u64(directory.length),
        u64(offset),
      ]),
    )
    tail.push(Buffer.concat([u32(0x07064b50), u32(0), u64(zip64At), u32(1)]))
  }
  const shortCount = Math.min(count, 0xffff)
  tail.push(
    Buffer.concat([
      u32(0x06054b50),
      u16(0),
      u16(0),
      u16(shortCount),
      u16(shortCount),
      u32(directory.length),
      u32(offset),
      u16(0),
    ]),
  )
  return Buffer.concat([...locals, directory, ...tail])
}

export async function writeZip(path: string, entries: ZipEntry[]): Promise<string> {
  await writeFile(path, buildZip(entries))
  return path
}

/** `size` bytes of zeros, deflated in chunks (never held whole): the body of a zip bomb. */
export async function deflatedZeros(size: number): Promise<{ compressed: Buffer; size: number; crc: number }> {
  const { createDeflateRaw } = await import('node:zlib')
  const deflate = createDeflateRaw({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
  const chunk = Buffer.alloc(4 * 1024 * 1024)
  let crc = 0
  for (let written = 0; written < size; written += chunk.length) {
    crc = crc32(chunk, crc)
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  // 'end' (the readable side), not end()'s callback: the last compressed chunks are emitted after the input finished.
  const ended = new Promise((resolve) => deflate.once('end', resolve))
  deflate.end()
  await ended
  return { compressed: Buffer.concat(chunks), size, crc }
}
