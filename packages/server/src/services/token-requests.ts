/** Builds the outbound parts of token requests: OAuth forms, client authentication, custom-endpoint headers. */
import { WorkbenchError } from '@wirebench/core'
import type { CustomTokenRequest } from '@wirebench/auth'
import { formEncode } from './secret-spellings.js'

/** A form of the non-empty fields only: empty scope/audience/client_id are not sent (SPEC.md: optional). */
export function tokenForm(fields: Record<string, string>): URLSearchParams {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value)
  return form
}

/**
 * `client_secret_basic`: the method every OAuth server must support (RFC 6749 §2.3.1), so it is the one sent; the
 * client id then stays out of the body.
 */
export function clientSecretBasic(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`, 'utf8').toString('base64')}`
}

const tokenChars = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// Headers that describe the connection or the framing: the transport owns them.
const reservedHeaders = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
])

/** The custom endpoint's headers: the user's, then Content-Type (when a body is sent) and Accept unless they set them. */
export function customTokenHeaders(request: CustomTokenRequest, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = Object.create(null) as Record<string, string>
  for (const [rawName, value] of Object.entries(request.headers)) {
    const name = rawName.toLowerCase()
    if (!tokenChars.test(name)) {
      throw new WorkbenchError('invalid_request', `"${rawName}" is not a valid header name.`, {
        hint: 'Header names are letters, digits and - (no spaces or colons).',
      })
    }
    if (reservedHeaders.has(name)) {
      throw new WorkbenchError('invalid_request', `The header ${rawName} is set by the workbench and cannot be sent.`)
    }
    if (/[\r\n\0]/.test(value)) {
      throw new WorkbenchError('invalid_request', `The value of the header ${rawName} contains a line break.`)
    }
    headers[name] = value
  }
  if (hasBody && headers['content-type'] === undefined && request.contentType !== '') {
    if (/[\r\n\0]/.test(request.contentType)) {
      throw new WorkbenchError('invalid_request', 'The content type contains a line break.')
    }
    headers['content-type'] = request.contentType
  }
  headers.accept ??= 'application/json'
  return headers
}

/**
 * The values inside a custom token body that an endpoint might echo back (a password in JSON or a form), so they can
 * be scrubbed from messages along with the body itself.
 */
export function bodySecrets(body: string): string[] {
  const found = [body]
  try {
    collectStrings(JSON.parse(body), found, 0)
  } catch {
    for (const [, value] of new URLSearchParams(body)) found.push(value)
  }
  return found
}

function collectStrings(value: unknown, into: string[], depth: number): void {
  if (depth > 32) return
  if (typeof value === 'string') into.push(value)
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into, depth + 1)
  else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectStrings(item, into, depth + 1)
  }
}
