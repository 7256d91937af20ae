/**
 * A graphql-yoga 5 server on a loopback port: GraphQL over HTTP, subscriptions over graphql-ws (graphql-transport-ws
 * on the same path, through `graphql-ws/use/ws`) and over yoga's own graphql-sse (distinct connections mode). The
 * schema covers what discovery must map (enums, input objects, lists, non-null, custom scalars, interfaces, unions),
 * header and URL echo, a slow query, errors with partial data, and subscriptions that count, fail mid-way or tick
 * until the client leaves (their resolvers record the return). Options: SSE only, or the GitHub schema.
 */
import { createServer } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { schema as githubSchema } from '@octokit/graphql-schema'
import { buildClientSchema, printSchema } from 'graphql'
import type { DocumentNode, GraphQLError, IntrospectionQuery } from 'graphql'
import type { ExecutionArgs } from 'graphql'
import type { OperationResult } from 'graphql-ws'
import { useServer } from 'graphql-ws/use/ws'
import { createGraphQLError, createSchema, createYoga } from 'graphql-yoga'
import type { YogaInitialContext } from 'graphql-yoga'
import { WebSocketServer } from 'ws'

export interface YogaServerOptions {
  /** No WebSocket upgrade handler: subscriptions only over graphql-sse. */
  sseOnly?: boolean
  /** A WebSocket server on the path that completes the upgrade but selects no subprotocol (graphql-sse still works). */
  noSubprotocol?: boolean
  /** Serve the GitHub public schema (introspection only, no resolvers). */
  github?: boolean
  /** Refuse introspection (`__schema`) queries with a GraphQL error. */
  noIntrospection?: boolean
  /**
   * HTTPS for HTTP and WebSocket alike; by default it demands a client certificate signed by `ca` (mTLS), with
   * `requestCert: false` it asks for none (server TLS only).
   */
  tls?: { key: string; cert: string; ca?: string; requestCert?: boolean }
}

export interface YogaServer {
  /** `http://127.0.0.1:port/graphql` (`https://` with `tls`) */
  url: string
  /** Subscription resolvers that were closed (returned) by the server, by field name. */
  closedSubscriptions(): string[]
  /** Resolves once `count` subscriptions of `field` have been closed on the server (default 1). */
  whenSubscriptionClosed(field: string, count?: number): Promise<void>
  /** Headers of the latest WebSocket upgrade request (lower-case), and its URL. */
  lastUpgrade(): { headers: Record<string, string>; url: string } | undefined
  openConnections(): number
  close(): Promise<void>
}

const typeDefs = /* GraphQL */ `
  "An instant in time, ISO 8601."
  scalar DateTime
  "Any JSON value."
  scalar JSON

  "Colours a shape can have."
  enum Color {
    RED
    GREEN
    BLUE @deprecated(reason: "Blue is out.")
  }

  input PointInput {
    x: Float!
    y: Float!
    label: String
  }

  "Filters for shapes; nests itself."
  input ShapeFilter {
    colors: [Color!]
    near: PointInput
    and: ShapeFilter
    since: DateTime
  }

  input ShapeInput {
    name: String!
    color: Color!
    sides: Int!
    tags: [String!] = []
  }

  interface Node {
    id: ID!
  }

  type Point {
    x: Float!
    y: Float!
  }

  type Person implements Node {
    id: ID!
    name: String!
    friend: Person
  }

  "A polygon."
  type Shape implements Node {
    id: ID!
    name: String!
    color: Color!
    sides: Int!
    area: Float
    tags: [String!]!
    createdAt: DateTime
    owner: Person
    points(limit: Int!): [Point!]
    legacyName: String @deprecated(reason: "Use name.")
  }

  union SearchResult = Shape | Person

  type Partial {
    ok: String
    broken: String
  }

  type Query {
    "Greets someone."
    hello(name: String = "world"): String!
    shape(id: ID!): Shape
    shapes(filter: ShapeFilter, first: Int = 10): [Shape!]!
    node(id: ID!): Node
    search(text: String!): [SearchResult!]!
    echoHeaders: JSON!
    requestUrl: String!
    slow(ms: Int = 3000): String
    forbidden: String
    partial: Partial
  }

  type Mutation {
    createShape(input: ShapeInput!): Shape!
  }

  type Subscription {
    countdown(from: Int!, intervalMs: Int = 5): Int!
    failing(after: Int = 2): Int!
    ticks(intervalMs: Int = 20): Int!
    echoHeaders: JSON!
  }
`

const shapes = [
  {
    id: 's1',
    name: 'triangle',
    color: 'RED',
    sides: 3,
    area: 1.5,
    tags: ['pointy'],
    createdAt: '2024-01-02T03:04:05Z',
  },
  { id: 's2', name: 'square', color: 'GREEN', sides: 4, area: 4, tags: [], createdAt: '2024-02-03T04:05:06Z' },
]

interface Context extends YogaInitialContext {
  /** Set on graphql-ws operations: the upgrade request. */
  upgrade?: IncomingMessage
}

function requestHeaders(ctx: Context): Record<string, string> {
  if (ctx.upgrade) return flatten(ctx.upgrade.headers)
  return Object.fromEntries(ctx.request.headers.entries())
}

function requestUrl(ctx: Context): string {
  return ctx.upgrade ? (ctx.upgrade.url ?? '') : ctx.request.url
}

function flatten(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function labSchema(onClosed: (field: string) => void) {
  async function* tracked<T>(field: string, source: AsyncGenerator<T>): AsyncGenerator<T> {
    try {
      yield* source
    } finally {
      onClosed(field)
    }
  }
  return createSchema<Context>({
    typeDefs,
    resolvers: {
      Node: { __resolveType: (node: { sides?: number }) => (node.sides === undefined ? 'Person' : 'Shape') },
      SearchResult: { __resolveType: (node: { sides?: number }) => (node.sides === undefined ? 'Person' : 'Shape') },
      Shape: {
        owner: () => ({ id: 'p1', name: 'Ada' }),
        points: (_shape: unknown, args: { limit: number }) =>
          Array.from({ length: args.limit }, (_, i) => ({ x: i, y: i * 2 })),
        legacyName: (shape: { name: string }) => shape.name,
      },
      Query: {
        hello: (_root: unknown, args: { name: string }) => `Hello, ${args.name}!`,
        shape: (_root: unknown, args: { id: string }) => shapes.find((s) => s.id === args.id) ?? null,
        shapes: (_root: unknown, args: { filter?: { colors?: string[] }; first: number }) =>
          shapes.filter((s) => !args.filter?.colors || args.filter.colors.includes(s.color)).slice(0, args.first),
        node: (_root: unknown, args: { id: string }) =>
          shapes.find((s) => s.id === args.id) ?? (args.id === 'p1' ? { id: 'p1', name: 'Ada' } : null),
        search: () => [shapes[0], { id: 'p1', name: 'Ada' }],
        echoHeaders: (_root: unknown, _args: unknown, ctx: Context) => requestHeaders(ctx),
        requestUrl: (_root: unknown, _args: unknown, ctx: Context) => requestUrl(ctx),
        slow: async (_root: unknown, args: { ms: number }) => {
          await sleep(args.ms)
          return 'done'
        },
        forbidden: () => {
          throw createGraphQLError('You may not see this.', { extensions: { code: 'FORBIDDEN' } })
        },
        partial: () => ({ ok: 'fine' }),
      },
      Partial: {
        broken: () => {
          throw createGraphQLError('Broken on purpose.', { extensions: { code: 'BROKEN' } })
        },
      },
      Mutation: {
        createShape: (
          _root: unknown,
          args: { input: { name: string; color: string; sides: number; tags: string[] } },
        ) => ({
          id: 's9',
          area: null,
          createdAt: null,
          ...args.input,
        }),
      },
      Subscription: {
        countdown: {
          subscribe: (_root: unknown, args: { from: number; intervalMs: number }) =>
            tracked(
              'countdown',
              (async function* () {
                for (let i = args.from; i >= 0; i--) {
                  yield { countdown: i }
                  await sleep(args.intervalMs)
                }
              })(),
            ),
        },
        failing: {
          subscribe: (_root: unknown, args: { after: number }) =>
            tracked(
              'failing',
              (async function* () {
                for (let i = 0; i < args.after; i++) {
                  yield { failing: i }
                  await sleep(1)
                }
                throw createGraphQLError('The source failed mid-way.', { extensions: { code: 'SOURCE_FAILED' } })
              })(),
            ),
        },
        ticks: {
          subscribe: (_root: unknown, args: { intervalMs: number }) =>
            tracked(
              'ticks',
              (async function* () {
                for (let i = 0; ; i++) {
                  yield { ticks: i }
                  await sleep(args.intervalMs)
                }
              })(),
            ),
        },
        echoHeaders: {
          subscribe: (_root: unknown, _args: unknown, ctx: Context) =>
            tracked(
              'echoHeaders',
              (async function* () {
                yield await Promise.resolve({ echoHeaders: { headers: requestHeaders(ctx), url: requestUrl(ctx) } })
              })(),
            ),
        },
      },
    },
  })
}

export async function startYogaServer(options: YogaServerOptions = {}): Promise<YogaServer> {
  const closed: string[] = []
  const waiters: Array<{ field: string; count: number; resolve: () => void }> = []
  const closedCount = (field: string): number => closed.filter((f) => f === field).length
  const onClosed = (field: string): void => {
    closed.push(field)
    for (const waiter of waiters.filter((w) => w.field === field && closedCount(field) >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }
  // From the published introspection result (the SDL file repeats a few fields and does not build as is), printed and
  // built by yoga: its graphql instance must own the schema, and a client schema's custom scalars cannot serialize
  // the default values introspection reports.
  const schema = options.github
    ? createSchema<Context>({
        typeDefs: printSchema(buildClientSchema(githubSchema.json as unknown as IntrospectionQuery)),
      })
    : labSchema(onClosed)
  const yoga = createYoga<object, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: false,
    landingPage: false,
    plugins: options.noIntrospection
      ? [
          {
            onParams({ params }) {
              if (params.query?.includes('__schema')) {
                throw createGraphQLError('GraphQL introspection has been disabled.', {
                  extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
                })
              }
            },
          },
        ]
      : [],
  })
  // yoga's node handler returns a promise the http server ignores; it answers every request itself.
  const handler = (request: IncomingMessage, response: ServerResponse): void => void yoga(request, response)
  const server = options.tls
    ? createHttpsServer(
        {
          key: options.tls.key,
          cert: options.tls.cert,
          ...(options.tls.ca ? { ca: options.tls.ca } : {}),
          requestCert: options.tls.requestCert ?? true,
          rejectUnauthorized: options.tls.requestCert ?? true,
        },
        handler,
      )
    : createServer(handler)
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  let lastUpgrade: { headers: Record<string, string>; url: string } | undefined
  let wss: WebSocketServer | undefined
  if (options.noSubprotocol) {
    wss = new WebSocketServer({ server, path: '/graphql', handleProtocols: () => false })
  } else if (!options.sseOnly) {
    wss = new WebSocketServer({ server, path: '/graphql' })
    server.prependListener('upgrade', (request: IncomingMessage) => {
      lastUpgrade = { headers: flatten(request.headers), url: request.url ?? '' }
    })
    useServer(
      {
        execute: (args: ExecutionArgs) =>
          (args.rootValue as { execute: (a: ExecutionArgs) => OperationResult }).execute(args),
        subscribe: (args: ExecutionArgs) =>
          (args.rootValue as { subscribe: (a: ExecutionArgs) => OperationResult }).subscribe(args),
        onSubscribe: async (ctx, _id, params) => {
          const enveloped = yoga.getEnveloped({ ...ctx, upgrade: ctx.extra.request, params })
          const document: DocumentNode = enveloped.parse(params.query)
          const errors: readonly GraphQLError[] = enveloped.validate(enveloped.schema, document)
          if (errors.length > 0) return errors
          return {
            schema: enveloped.schema,
            operationName: params.operationName,
            document,
            variableValues: params.variables,
            contextValue: await enveloped.contextFactory(),
            rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
          }
        },
      },
      wss,
    )
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}/graphql`,
    closedSubscriptions: () => [...closed],
    whenSubscriptionClosed: (field, count = 1) =>
      closedCount(field) >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ field, count, resolve })),
    lastUpgrade: () => lastUpgrade,
    openConnections: () => sockets.size,
    async close() {
      for (const client of wss?.clients ?? []) client.terminate()
      wss?.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
