/** The echo routes: report method, path, query, headers, body and uploaded files exactly as received. */
import type { FastifyRequest } from 'fastify'
import { readMultipartBody } from '../http/multipart-body.js'
import { addOperation } from '../http/operation-route.js'
import type { HttpMethod } from '../openapi/types.js'
import type { RouteContext } from './context.js'

type BodyEncoding = 'none' | 'json' | 'form' | 'text' | 'base64' | 'multipart'

async function describeRequest(request: FastifyRequest): Promise<Record<string, unknown>> {
  const contentType = request.headers['content-type'] ?? null
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  )
  let body: unknown = request.body ?? null
  let bodyEncoding: BodyEncoding = 'none'
  let fields = {}
  let files: unknown[] = []
  if (mediaType === 'multipart/form-data') {
    const multipart = await readMultipartBody(request)
    fields = multipart.fields
    files = multipart.files.map(({ data: _bytes, ...file }) => file)
    body = null
    bodyEncoding = 'multipart'
  } else if (Buffer.isBuffer(body)) {
    body = body.toString('base64')
    bodyEncoding = 'base64'
  } else if (body !== null) {
    bodyEncoding =
      mediaType === 'application/x-www-form-urlencoded' ? 'form' : typeof body === 'string' ? 'text' : 'json'
  }
  return {
    method: request.method,
    path: request.url.split('?')[0],
    query: request.query,
    headers,
    contentType,
    body,
    bodyEncoding,
    fields,
    files,
  }
}

export function registerEchoRoutes(ctx: RouteContext): void {
  const documented: [HttpMethod, string][] = [
    ['get', '/echo'],
    ['post', '/echo'],
    ['put', '/echo'],
    ['patch', '/echo'],
    ['delete', '/echo'],
    ['post', '/echo/upload'],
    ['post', '/echo/form'],
  ]
  for (const [method, path] of documented) {
    addOperation(ctx, { method, path }, describeRequest, { validate: false })
  }
  // Undocumented sub-paths echo too, so a test can send anything anywhere under /echo.
  ctx.api.all('/echo/*', describeRequest)
}
