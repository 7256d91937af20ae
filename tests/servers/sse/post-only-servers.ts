/**
 * Event streams that open only with POST, the way LLM-style streaming APIs are written, on two SSE libraries no one
 * here wrote: better-sse on node:http and @fastify/sse on Fastify. `POST /chat` with `{ "prompt": "a b c" }` streams
 * one `token` event per word and a `done` event, then ends; `GET /chat` is 404 (there is no GET route).
 */
import { createServer } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { fastifySSE } from '@fastify/sse'
import { createSession } from 'better-sse'
import Fastify from 'fastify'

export interface PostOnlySseServer {
  /** `http://127.0.0.1:port/chat` */
  url: string
  /** Request lines received (`METHOD /path`) and the JSON bodies of the POSTs. */
  requests(): string[]
  bodies(): unknown[]
  close(): Promise<void>
}

const wordsOf = (body: unknown): string[] => {
  const prompt = (body as { prompt?: unknown } | null)?.prompt
  return typeof prompt === 'string' ? prompt.split(/\s+/).filter((w) => w !== '') : []
}

export async function startBetterSseServer(): Promise<PostOnlySseServer> {
  const seen: string[] = []
  const bodies: unknown[] = []
  const server = createServer((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`)
    if (request.method !== 'POST' || request.url !== '/chat') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}')
      return
    }
    void (async () => {
      const body = JSON.parse(await readBody(request)) as unknown
      bodies.push(body)
      const session = await createSession(request, response)
      for (const word of wordsOf(body)) session.push({ word }, 'token')
      session.push('', 'done')
      response.end()
    })().catch(() => response.destroy())
  })
  const sockets = track(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/chat`,
    requests: () => [...seen],
    bodies: () => [...bodies],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

export async function startFastifySseServer(): Promise<PostOnlySseServer> {
  const seen: string[] = []
  const bodies: unknown[] = []
  const app = Fastify({ logger: false })
  app.addHook('onRequest', (request, _reply, done) => {
    seen.push(`${request.method} ${request.url}`)
    done()
  })
  await app.register(fastifySSE, { heartbeatInterval: 60_000 })
  app.post('/chat', { sse: 'only' }, async (request, reply) => {
    bodies.push(request.body)
    for (const word of wordsOf(request.body)) await reply.sse.send({ event: 'token', data: { word } })
    await reply.sse.send({ event: 'done', data: '' })
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/chat`,
    requests: () => [...seen],
    bodies: () => [...bodies],
    close: () => app.close(),
  }
}

function track(server: ReturnType<typeof createServer>): Set<Socket> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return sockets
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}
