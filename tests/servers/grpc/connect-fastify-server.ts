/**
 * The `wbtest.v1.Lab` fixture served by Fastify with @connectrpc/connect-fastify (gRPC, gRPC-Web and Connect), either
 * over cleartext HTTP/2 only (`http2: true`: an h2c server that does not speak HTTP/1.1) or over HTTP/1.1 only.
 */
import type { AddressInfo } from 'node:net'
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify'
import { fastify } from 'fastify'
import type { FastifyInstance } from 'fastify'
import { createLabRoutes } from './connect-server.js'

export interface ConnectFastifyServer {
  url: string
  /** HTTP versions of the requests the server received, in order. */
  httpVersions(): string[]
  close(): Promise<void>
}

export async function startConnectFastifyServer(options: { http: '1.1' | 'h2c' }): Promise<ConnectFastifyServer> {
  const { routes } = await createLabRoutes()
  // One type for both: the hooks and the plugin used here are the same on HTTP/2 and HTTP/1.1 instances.
  const app = (options.http === 'h2c' ? fastify({ http2: true }) : fastify()) as unknown as FastifyInstance
  const versions: string[] = []
  app.addHook('onRequest', (request, _reply, done) => {
    versions.push(request.raw.httpVersion)
    done()
  })
  await app.register(fastifyConnectPlugin, { routes })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    httpVersions: () => [...versions],
    close: () => app.close(),
  }
}
