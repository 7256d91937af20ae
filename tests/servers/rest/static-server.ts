/** A loopback HTTP server that serves files (OpenAPI documents) and fixed responses, for discovery tests. */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'

export interface StaticRoute {
  status?: number
  contentType?: string
  body: string | Buffer
  /** Milliseconds to wait before answering. */
  delayMs?: number
  headers?: Record<string, string>
}

export interface RecordedRequest {
  url: string
  headers: Record<string, string | string[] | undefined>
}

export interface StaticServer {
  origin: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Serves a file at `/<name>`, returning its URL. */
  serveFile(name: string, path: string): string
  route(path: string, route: StaticRoute): string
  close(): Promise<void>
}

const types: Record<string, string> = {
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
}

export async function startStaticServer(): Promise<StaticServer> {
  const routes = new Map<string, () => Promise<StaticRoute>>()
  const requests: RecordedRequest[] = []
  const server: Server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers })
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const route = routes.get(path)
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    route()
      .then(async (r) => {
        if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs))
        response
          .writeHead(r.status ?? 200, { 'content-type': r.contentType ?? 'application/octet-stream', ...r.headers })
          .end(r.body)
      })
      .catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    serveFile(name, path) {
      routes.set(`/${name}`, async () => ({
        body: await readFile(path),
        contentType: types[extname(path)] ?? 'text/plain',
      }))
      return `${origin}/${name}`
    },
    route(path, route) {
      routes.set(path, () => Promise.resolve(route))
      return `${origin}${path}`
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
