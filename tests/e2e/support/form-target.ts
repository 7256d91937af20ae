/**
 * A real HTTP service for the request-form browser tests: an OpenAPI document with typed parameters and bodies, a
 * hostile document whose examples and defaults reference `${canarySecret}`, a GraphQL endpoint (graphql-yoga) whose
 * argument defaults do the same, and a spy that records every call that reaches it.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createSchema, createYoga } from 'graphql-yoga'

export interface ReceivedCall {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface FormTarget {
  documentUrl: string
  hostileDocumentUrl: string
  graphqlUrl: string
  /** Every call to an operation (documents and GraphQL introspection left out), in arrival order. */
  received: ReceivedCall[]
  close(): Promise<void>
}

const ok = { 200: { description: 'echo' } }
const json = (schema: unknown) => ({ required: true, content: { 'application/json': { schema } } })

function typedDocument(serverUrl: string): unknown {
  return {
    openapi: '3.1.0',
    info: { title: 'Forms', version: '1' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A token from the login page.' },
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
    paths: {
      '/items/{itemId}': {
        get: {
          operationId: 'getItem',
          tags: ['forms'],
          parameters: [
            { name: 'itemId', in: 'path', required: true, schema: { type: 'integer', format: 'int32' } },
            { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
            { name: 'priority', in: 'query', schema: { type: 'string', enum: ['LOW', 'MEDIUM', 'HIGH'] } },
          ],
          responses: ok,
        },
      },
      '/notes': {
        post: {
          operationId: 'createNote',
          tags: ['forms'],
          requestBody: json({
            type: 'object',
            required: ['title'],
            properties: {
              title: { type: 'string' },
              count: { type: 'integer', format: 'int32' },
              meta: { description: 'Any JSON value.' },
              priority: { type: 'string', enum: ['LOW', 'MEDIUM', 'HIGH'] },
              flags: { type: 'array', items: { type: 'boolean' } },
              scores: { type: 'object', additionalProperties: { type: 'number' } },
              level: {
                oneOf: [
                  { const: 'low', title: 'Low: whenever' },
                  { const: 'high', title: 'High: today' },
                ],
              },
              shape: { anyOf: [{ const: 'auto' }, { type: 'object', properties: { w: { type: 'integer' } } }] },
            },
          }),
          responses: ok,
        },
      },
      '/feedback': {
        post: {
          operationId: 'sendFeedback',
          tags: ['media'],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } },
              // The media type's own example (not the schema's): a document value, so it is filled in literally.
              'application/xml': { schema: { type: 'string' }, example: '<feedback>${canarySecret}</feedback>' },
              'text/plain': { schema: { type: 'string' } },
            },
          },
          responses: ok,
        },
      },
      '/prio': {
        post: {
          operationId: 'postPrio',
          tags: ['forms'],
          // A required body whose fields are all optional: only an empty body is wrong.
          requestBody: json({
            type: 'object',
            properties: {
              priority: {
                oneOf: [
                  { const: 'LOW', description: 'low' },
                  { const: 'HIGH', description: 'high' },
                ],
              },
              count: { type: 'integer', format: 'int32' },
            },
          }),
          responses: ok,
        },
      },
      '/secure': {
        get: { operationId: 'getSecure', tags: ['security'], security: [{ bearerAuth: [] }], responses: ok },
      },
      '/keyed': {
        get: {
          operationId: 'getKeyed',
          tags: ['security'],
          security: [{ apiKeyAuth: [] }, { bearerAuth: [] }],
          responses: ok,
        },
      },
      '/open': {
        get: { operationId: 'getOpen', tags: ['security'], security: [], responses: ok },
        servers: [{ url: `${serverUrl}/v2` }],
      },
      '/people': {
        post: {
          operationId: 'createPerson',
          tags: ['forms'],
          requestBody: json({
            type: 'object',
            required: ['personId', 'fullName', 'email', 'createdAt', 'pageSize', 'homepage', 'active'],
            properties: {
              personId: { type: 'string' },
              fullName: { type: 'string' },
              email: { type: 'string', format: 'email' },
              createdAt: { type: 'string' },
              pageSize: { type: 'integer' },
              homepage: { type: 'string', format: 'uri' },
              active: { type: 'boolean' },
            },
          }),
          responses: ok,
        },
      },
    },
  }
}

/** Every value a user did not type references the environment's secret. */
function hostileDocument(serverUrl: string): unknown {
  return {
    openapi: '3.0.3',
    info: { title: 'Hostile', version: '1' },
    servers: [{ url: serverUrl }],
    paths: {
      '/collect': {
        post: {
          operationId: 'collect',
          tags: ['hostile'],
          parameters: [
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', default: '${canarySecret}' } },
            { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: '${canarySecret}' },
          ],
          requestBody: json({
            type: 'object',
            required: ['token', 'mode'],
            properties: {
              token: { type: 'string', example: 'Bearer ${canarySecret}' },
              mode: { type: 'string', enum: ['${canarySecret}'] },
              extra: { type: 'object', default: { note: 'x-${canarySecret}' } },
            },
          }),
          responses: ok,
        },
      },
      '/notes': {
        post: {
          operationId: 'postNote',
          tags: ['hostile'],
          // A declared media type is document text too: picked, it becomes the call's Content-Type header.
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } },
              'text/x-${canarySecret}': { schema: { type: 'string' } },
            },
          },
          responses: ok,
        },
      },
    },
  }
}

const typeDefs = /* GraphQL */ `
  type Query {
    "Echoes its arguments."
    echo(text: String = "\${canarySecret}", bookId: ID!, count: Int!): String!
  }
`

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startFormTarget(): Promise<FormTarget> {
  const received: ReceivedCall[] = []
  const yoga = createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: {
        Query: { echo: (_: unknown, args: Record<string, unknown>) => JSON.stringify(args) },
      },
    }),
    logging: false,
    plugins: [
      {
        // The spy sees the whole GraphQL request (operation text and variables), introspection left out.
        onParams({ params, request }: { params: { query?: string }; request: Request }) {
          if (params.query?.includes('__schema')) return
          const headers = Object.fromEntries(request.headers.entries())
          received.push({ method: request.method, url: request.url, headers, body: JSON.stringify(params) })
        },
      },
    ],
  })
  let base = ''
  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    if (url.startsWith('/graphql')) {
      void yoga.handle(request, response)
      return
    }
    const send = (status: number, body: unknown) => {
      response.statusCode = status
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(body))
    }
    if (url === '/openapi.json') return send(200, typedDocument(base))
    if (url === '/hostile.json') return send(200, hostileDocument(base))
    void readBody(request).then((body) => {
      const call = { method: request.method ?? '', url, headers: request.headers, body }
      received.push(call)
      send(200, call)
    })
  })
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    documentUrl: `${base}/openapi.json`,
    hostileDocumentUrl: `${base}/hostile.json`,
    graphqlUrl: `${base}/graphql`,
    received,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      }),
  }
}
