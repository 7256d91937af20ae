/** The Bookshop yoga instance: schema, auth context, limits; serves HTTP and GraphQL over SSE (distinct connections). */
import type { IncomingMessage } from 'node:http'
import { createSchema, createYoga } from 'graphql-yoga'
import { demoCredentials } from '../rest/credentials.js'
import type { Bookshop } from './bookshop.js'
import { useOperationLimits } from './limits-plugin.js'
import type { BookshopContext } from './resolvers.js'
import { createResolvers } from './resolvers.js'
import { typeDefs } from './type-defs.js'

export const graphqlPath = '/graphql'

/** What yoga passes to the context factory: `request` over HTTP; `req` and `connectionParams` over graphql-ws. */
interface InitialContext {
  request?: Request
  req?: IncomingMessage
  connectionParams?: Record<string, unknown>
}

function authorization(context: InitialContext): unknown {
  return (
    context.request?.headers.get('authorization') ??
    context.req?.headers.authorization ??
    context.connectionParams?.['authorization'] ??
    context.connectionParams?.['Authorization']
  )
}

export function createBookshopYoga(shop: Bookshop) {
  return createYoga<InitialContext, BookshopContext>({
    schema: createSchema<BookshopContext>({ typeDefs, resolvers: createResolvers(shop) }),
    graphqlEndpoint: graphqlPath,
    // No GraphiQL (its page loads assets from a CDN) and no cross-origin access: the workbench calls from Node.
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: false,
    context: (initial) => ({ authorized: authorization(initial) === `Bearer ${demoCredentials.bearerToken}` }),
    plugins: [useOperationLimits()],
  })
}

export type BookshopYoga = ReturnType<typeof createBookshopYoga>
