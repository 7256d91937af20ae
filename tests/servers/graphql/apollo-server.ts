/**
 * Apollo Server 5 on a loopback port the way its docs set it up: queries and mutations over HTTP at `/graphql` (CSRF
 * prevention on, its default), subscriptions over graphql-ws on a separate path, `/subscriptions` (Apollo Server
 * itself serves no subscriptions). The node:http glue is the integration contract Apollo documents
 * (`executeHTTPGraphQLRequest`).
 */
import { createServer } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { ApolloServer, HeaderMap } from '@apollo/server'
import { buildSchema } from 'graphql'
import { useServer } from 'graphql-ws/use/ws'
import { WebSocketServer } from 'ws'
import { createLibrary, librarySdl, ticks } from './library-schema.js'

export interface ApolloTestServer {
  /** `http://127.0.0.1:port/graphql` */
  url: string
  /** `ws://127.0.0.1:port/subscriptions` (or the path given) */
  subscriptionsUrl: string
  /** HTTP requests received, as `METHOD /path` (the query string left out). */
  requests(): string[]
  close(): Promise<void>
}

export interface ApolloTestServerOptions {
  /**
   * Headers CSRF prevention accepts instead of its defaults (`x-apollo-operation-name`, `apollo-require-preflight`):
   * with one of our own, Apollo refuses the GET a client sends with the default header, as a server that runs no
   * operation by GET would.
   */
  csrfRequestHeaders?: string[]
  /** Where graphql-ws listens (default `/subscriptions`): `/ws` is at none of the addresses a client tries by itself. */
  subscriptionsPath?: string
}

export async function startApolloServer(options: ApolloTestServerOptions = {}): Promise<ApolloTestServer> {
  const library = createLibrary()
  const apollo = new ApolloServer({
    ...(options.csrfRequestHeaders ? { csrfPrevention: { requestHeaders: options.csrfRequestHeaders } } : {}),
    typeDefs: librarySdl,
    resolvers: {
      Query: {
        book: (_: unknown, args: { bookId: string }) => library.books.find((b) => b.id === args.bookId) ?? null,
        books: () => library.books,
        oldBooks: () => library.books,
      },
      Mutation: {
        addBook: (_: unknown, args: { title: string; genre?: string; year?: number }) => {
          const book = { id: `b${library.books.length + 1}`, title: args.title, genre: args.genre ?? 'FICTION' }
          library.books.push(book)
          return book
        },
      },
    },
  })
  await apollo.start()
  const seen: string[] = []
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    seen.push(`${request.method ?? ''} ${path}`)
    if (path !== '/graphql') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    void (async () => {
      const headers = new HeaderMap()
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      }
      const text = await readBody(request)
      const isJson = (request.headers['content-type'] ?? '').includes('json')
      const result = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: (request.method ?? 'GET').toUpperCase(),
          headers,
          search: new URL(request.url ?? '/', 'http://localhost').search,
          body: isJson && text !== '' ? (JSON.parse(text) as unknown) : text,
        },
        context: () => Promise.resolve({}),
      })
      for (const [name, value] of result.headers) response.setHeader(name, value)
      response.statusCode = result.status ?? 200
      if (result.body.kind === 'complete') {
        response.end(result.body.string)
        return
      }
      for await (const chunk of result.body.asyncIterator) response.write(chunk)
      response.end()
    })().catch((error: unknown) => {
      response.statusCode = 500
      response.end(String(error))
    })
  })
  const subscriptionsPath = options.subscriptionsPath ?? '/subscriptions'
  const wss = new WebSocketServer({ server, path: subscriptionsPath })
  const wsSchema = buildSchema(librarySdl)
  const subscriptions = useServer(
    {
      schema: wsSchema,
      roots: {
        subscription: {
          tick: async function* (args: { count?: number }) {
            for await (const n of ticks(args.count ?? 3)) yield { tick: n }
          },
        },
      },
    },
    wss,
  )
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    subscriptionsUrl: `ws://127.0.0.1:${port}${subscriptionsPath}`,
    requests: () => [...seen],
    async close() {
      await subscriptions.dispose()
      for (const client of wss.clients) client.terminate()
      wss.close()
      await apollo.stop()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}
