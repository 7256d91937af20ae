/** File field values (SPEC.md Multipart): a plain base64 string (empty filename) or `{filename, data}`. */
import { WorkbenchError } from '@wirebench/core'
import { isObject } from './types.js'

export interface FileValue {
  filename: string
  data: Buffer
  contentType?: string
}

export function parseFileValue(field: string, value: unknown): FileValue {
  if (typeof value === 'string') return { filename: '', data: decodeBase64(field, value) }
  if (isObject(value) && typeof value['data'] === 'string') {
    const file: FileValue = {
      filename: typeof value['filename'] === 'string' ? value['filename'] : '',
      data: decodeBase64(field, value['data']),
    }
    if (typeof value['contentType'] === 'string') file.contentType = value['contentType']
    return file
  }
  throw new WorkbenchError('invalid_request', `Field ${field} takes a file: a base64 string or {filename, data}.`)
}

function decodeBase64(field: string, text: string): Buffer {
  const compact = text.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) {
    throw new WorkbenchError('invalid_request', `Field ${field} is not valid base64.`)
  }
  return Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64')
}
