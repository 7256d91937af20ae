/**
 * multipart/form-data encoding with an automatic random boundary. Written out here rather than with FormData because
 * SPEC.md keeps the filename of a plain-base64 file empty on the wire (`filename=""`, still a file part), which
 * FormData cannot express: it drops the filename parameter and the part then reads as a text field.
 */
import { randomBytes } from 'node:crypto'

export type MultipartPart =
  { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string }

export interface MultipartBody {
  body: Buffer
  contentType: string
}

/** WHATWG form-data escaping of names and filenames inside the quoted header parameters. */
function escapeQuoted(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')
}

export function encodeMultipart(parts: MultipartPart[]): MultipartBody {
  const boundary = `----wirebench-${randomBytes(12).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(part.name)}"`
    if ('data' in part) {
      head += `; filename="${escapeQuoted(part.filename)}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
    }
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`),
      'data' in part ? part.data : Buffer.from(part.value),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}
