/** Reads a whole multipart request into text fields and buffered files with their sizes and hashes. */
import { createHash } from 'node:crypto'
import type {} from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'

export interface UploadedFile {
  field: string
  /** Empty when the part carried no filename, which the workbench does for a plain base64 value. */
  filename: string
  contentType: string
  size: number
  sha256: string
  data: Buffer
}

export interface MultipartBody {
  fields: Record<string, string | string[]>
  files: UploadedFile[]
}

/** Adds a value under a key, turning repeated keys into arrays the way the query string parser does. */
export function appendValue(record: Record<string, string | string[]>, key: string, value: string): void {
  const existing = record[key]
  if (existing === undefined) record[key] = value
  else if (Array.isArray(existing)) existing.push(value)
  else record[key] = [existing, value]
}

export async function readMultipartBody(request: FastifyRequest): Promise<MultipartBody> {
  const body: MultipartBody = { fields: {}, files: [] }
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer()
      body.files.push({
        field: part.fieldname,
        filename: part.filename,
        contentType: part.mimetype,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
      })
    } else {
      appendValue(body.fields, part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value))
    }
  }
  return body
}

/**
 * The shape a JSON Schema validator sees for a multipart body: text fields as they are, each file as its filename,
 * since `format: binary` properties are declared as strings.
 */
export function multipartAsObject(body: MultipartBody): Record<string, string | string[]> {
  const view: Record<string, string | string[]> = { ...body.fields }
  for (const file of body.files) appendValue(view, file.field, file.filename || 'upload')
  return view
}
