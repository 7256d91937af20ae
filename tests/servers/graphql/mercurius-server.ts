/**
 * Mercurius (GraphQL for Fastify) on a loopback port: queries by GET and POST at `/graphql`. Its subscriptions stay
 * off: they load @fastify/websocket, whose `require('ws')` gets ws's ESM wrapper under Vitest's export conditions.
 */
import Fastify from 'fastify'
import type { AddressInfo } from 'node:net'
import mercurius from 'mercurius'
import { createLibrary, librarySdl } from './library-schema.js'

export interface MercuriusTestServer {
  /** `http://127.0.0.1:port/graphql` */
  url: string
  /** HTTP requests received, as `METHOD /path` (the query string left out). */
  requests(): string[]
  close(): Promise<void>
}

export async function startMercuriusServer(): Promise<MercuriusTestServer> {
  const library = createLibrary()
  const app = Fastify({ logger: false })
  const seen: string[] = []
  app.addHook('onRequest', (request, _reply, done) => {
    seen.push(`${request.method} ${request.url.split('?')[0] ?? ''}`)
    done()
  })
  await app.register(mercurius, {
    schema: librarySdl,
    resolvers: {
      Query: {
        book: (_: unknown, args: { bookId: string }) => library.books.find((b) => b.id === args.bookId) ?? null,
        books: () => library.books,
        oldBooks: () => library.books,
      },
      Mutation: {
        addBook: (_: unknown, args: { title: string; genre?: string }) => {
          const book = { id: `b${library.books.length + 1}`, title: args.title, genre: args.genre ?? 'FICTION' }
          library.books.push(book)
          return book
        },
      },
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    requests: () => [...seen],
    close: () => app.close(),
  }
}
