/** The demo Bookshop REST service as a Fastify app: the OpenAPI document at the root, the operations under /api/v1. */
import multipart from '@fastify/multipart'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { stringify } from 'yaml'
import { crossSiteMessage, isCrossSite } from '../cross-site.js'
import { addBodyParsers } from './http/body-parsers.js'
import { handleError } from './http/http-error.js'
import type { OperationRegistry } from './http/operation-route.js'
import { assertEveryOperationRegistered } from './http/operation-route.js'
import { requestValidatorsFor } from './http/request-validator.js'
import { apiPrefix, openApiDocument } from './openapi/document.js'
import { registerAuthorRoutes, registerBookRoutes } from './routes/books.js'
import { registerCategoryRoutes, registerReviewRoutes } from './routes/catalog-extras.js'
import type { RouteContext } from './routes/context.js'
import { registerDiagnosticsRoutes } from './routes/diagnostics.js'
import { registerEchoRoutes } from './routes/echo.js'
import { registerAttachmentRoutes, registerOrderRoutes } from './routes/orders.js'
import { createSeededData } from './store/seed.js'

export interface RestDemoOptions {
  /** Fastify request logging; off by default so tests and `npm start` stay quiet. */
  logger?: boolean
}

const maxUploadBytes = 10 * 1024 * 1024

/** Creates the app with freshly seeded data; not listening, so tests can use `app.inject()`. */
export function createRestDemoApp(options: RestDemoOptions = {}): FastifyInstance {
  // Closing destroys open keep-alive and in-flight connections, so tests and Ctrl-C never wait on a client.
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: maxUploadBytes, forceCloseConnections: true })
  const registry: OperationRegistry = {
    document: openApiDocument,
    validatorFor: requestValidatorsFor(openApiDocument),
    registered: new Set(),
  }
  const data = createSeededData()
  const documentJson = JSON.stringify(openApiDocument)
  const documentYaml = stringify(openApiDocument)

  app.setErrorHandler(handleError)
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: 'route_not_found', message: `No route ${request.method} ${request.url}.` }),
  )
  // Before routing and body parsing, so a web page gets nothing out of any route (see cross-site.ts).
  app.addHook('onRequest', (request, reply, done) => {
    if (isCrossSite(request.raw)) return void reply.code(403).send({ code: 'forbidden', message: crossSiteMessage })
    done()
  })
  addBodyParsers(app)
  void app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 10, fields: 50 } })

  app.get('/openapi.json', (_request, reply) => reply.type('application/json').send(documentJson))
  app.get('/openapi.yaml', (_request, reply) => reply.type('application/yaml').send(documentYaml))
  app.get('/', () => ({
    name: openApiDocument.info.title,
    openapi: '/openapi.json',
    openapiYaml: '/openapi.yaml',
    api: apiPrefix,
  }))

  void app.register(
    (api, _options, done) => {
      const ctx: RouteContext = { api, registry, data }
      registerBookRoutes(ctx)
      registerAuthorRoutes(ctx)
      registerCategoryRoutes(ctx)
      registerReviewRoutes(ctx)
      registerOrderRoutes(ctx)
      registerAttachmentRoutes(ctx)
      registerEchoRoutes(ctx)
      registerDiagnosticsRoutes(ctx)
      assertEveryOperationRegistered(registry)
      done()
    },
    { prefix: apiPrefix },
  )
  return app
}
