/** graphql-ws (graphql-transport-ws) on the yoga endpoint's path, executing through yoga's envelop (same limits). */
import type { DocumentNode, ExecutionArgs, GraphQLSchema } from 'graphql'
import type { GraphQLError } from 'graphql'
import { createGraphQLError } from 'graphql-yoga'
import { useServer } from 'graphql-ws/use/ws'
import type { WebSocketServer } from 'ws'
import { graphqlLimits } from './bookshop.js'
import type { BookshopYoga } from './yoga.js'

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => unknown
  subscribe: (args: ExecutionArgs) => unknown
}

/** The part of yoga's `getEnveloped()` result used here (yoga types it loosely). */
interface Enveloped extends EnvelopedRoot {
  schema: GraphQLSchema
  contextFactory: () => unknown
  parse: (source: string) => DocumentNode
  validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[]
}

export function serveGraphqlWs(yoga: BookshopYoga, wss: WebSocketServer): { dispose(): Promise<void> } {
  const server = useServer(
    {
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args) as never,
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args) as never,
      onSubscribe: async (ctx, _id, params) => {
        if (Object.keys(ctx.subscriptions).length >= graphqlLimits.maxOperationsPerSocket) {
          return [createGraphQLError(`At most ${graphqlLimits.maxOperationsPerSocket} operations per connection.`)]
        }
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          connectionParams: ctx.connectionParams,
          params,
        }) as Enveloped
        let document: DocumentNode
        try {
          document = parse(params.query)
        } catch (error) {
          // Syntax errors go back to the client as an error message, like over HTTP.
          return [createGraphQLError(error instanceof Error ? error.message : 'The query does not parse.')]
        }
        const errors = validate(schema, document)
        if (errors.length > 0) return errors
        const args: ExecutionArgs = {
          schema,
          operationName: params.operationName ?? null,
          document,
          variableValues: params.variables ?? null,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe } satisfies EnvelopedRoot,
        }
        return args
      },
    },
    wss,
  )
  return { dispose: async () => server.dispose() }
}
