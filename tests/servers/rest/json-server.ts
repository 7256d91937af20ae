/**
 * json-server 0.17 on a loopback port over an in-memory database: a REST API that creates a record for any POST to a
 * collection (`/posts`), the kind of server a discovery probe must leave unchanged.
 */
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import jsonServer from 'json-server'

export interface JsonServer {
  /** `http://127.0.0.1:port` */
  base: string
  /** Records per collection, now. */
  counts(): Record<string, number>
  /** Every request the server received, as `METHOD /path?query`. */
  requests(): string[]
  close(): Promise<void>
}

/** `extraCollections` adds collections to the database (a `negotiate` collection turns `POST /negotiate` into a write). */
export async function startJsonServer(extraCollections: Record<string, unknown[]> = {}): Promise<JsonServer> {
  const db = {
    posts: [{ id: 1, title: 'json-server', author: 'typicode' }],
    comments: [{ id: 1, body: 'some comment', postId: 1 }],
    profile: { name: 'typicode' },
    ...extraCollections,
  }
  const seen: string[] = []
  const app = jsonServer.create()
  const router = jsonServer.router(structuredClone(db))
  app.use((request, _response, next) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`)
    next()
  })
  app.use(jsonServer.defaults({ logger: false, noCors: true }))
  app.use(router)
  const server = createServer(app)
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    counts() {
      const state = router.db.getState()
      return Object.fromEntries(
        Object.entries(state).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.length : Object.keys(value as object).length,
        ]),
      )
    },
    requests: () => [...seen],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
