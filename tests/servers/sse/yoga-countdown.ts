/**
 * A graphql-yoga 5 server with one subscription, `countdown(from: Int!)`: yoga's own GraphQL-over-SSE (distinct
 * connections mode: `event: next` per result, then `event: complete`) is the real SSE source the SSE plugin reads.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSchema, createYoga } from 'graphql-yoga'

export interface YogaCountdown {
  /** `http://127.0.0.1:<port>/graphql` */
  url: string
  close(): Promise<void>
}

const schema = createSchema({
  typeDefs: /* GraphQL */ `
    type Query {
      hello: String!
    }
    type Subscription {
      countdown(from: Int!): Int!
    }
  `,
  resolvers: {
    Query: { hello: () => 'world' },
    Subscription: {
      countdown: {
        async *subscribe(_root: unknown, args: { from: number }) {
          for (let n = args.from; n >= 0; n--) {
            await new Promise((resolve) => setTimeout(resolve, 5))
            yield { countdown: n }
          }
        },
      },
    },
  },
})

export async function startYogaCountdown(): Promise<YogaCountdown> {
  const yoga = createYoga({ schema, logging: false, graphiql: false })
  const server = createServer((req, res) => void yoga(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
