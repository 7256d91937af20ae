/**
 * A Fastify server that records every request it receives — method, path, query pairs, headers and body (text,
 * urlencoded pairs, or multipart parts read by @fastify/multipart) — and answers with that record as JSON, so tests
 * can compare what arrived with what an imported request described. `/slow` answers after 3 s, `/missing` 404.
 */
import Fastify from 'fastify'
import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'

export interface ReceivedPart {
  name: string
  value?: string
  filename?: string
  contentType?: string
  content?: string
}

export interface ReceivedRequest {
  method: string
  path: string
  query: [string, string][]
  headers: Record<string, string>
  /** The body as UTF-8 text ('' for none; multipart bodies are read as `parts`). */
  body: string
  parts?: ReceivedPart[]
}

export interface RecordingServer {
  origin: string
  received: ReceivedRequest[]
  openConnections(): Promise<number>
  close(): Promise<void>
}

async function readParts(request: FastifyRequest): Promise<ReceivedPart[]> {
  const parts: ReceivedPart[] = []
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = (await part.toBuffer()).toString('utf8')
      parts.push({ name: part.fieldname, filename: part.filename, contentType: part.mimetype, content })
    } else parts.push({ name: part.fieldname, value: String(part.value) })
  }
  return parts
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const app = Fastify({ logger: false })
  const received: ReceivedRequest[] = []
  // Every other body is kept as the text that arrived, whatever its type.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  await app.register(multipart)

  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    return { slow: true }
  })

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      const url = new URL(request.url, 'http://recorder')
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      const record: ReceivedRequest = {
        method: request.method,
        path: url.pathname,
        query: [...url.searchParams],
        headers,
        body: '',
      }
      if (request.isMultipart()) record.parts = await readParts(request)
      else if (typeof request.body === 'string') record.body = request.body
      received.push(record)
      if (url.pathname === '/missing') return reply.code(404).send({ error: 'not here', received: record })
      return reply.send(record)
    },
  })

  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    origin: address,
    received,
    openConnections: () =>
      new Promise((resolve, reject) =>
        app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    close: () => app.close(),
  }
}
