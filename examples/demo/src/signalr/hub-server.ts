/**
 * An HTTP(S) server hosting SignalR hubs at their paths: our own implementation of the SignalR transport and hub
 * protocols, written from the published specs (TransportProtocols.md, HubProtocol.md in dotnet/aspnetcore) because
 * ASP.NET Core needs .NET. The tests prove it with the official `@microsoft/signalr` client.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { ServerOptions as HttpsOptions } from 'node:https'
import { closeServer, listenOn, requestUrl } from '../node-http.js'
import { createHubEndpoint } from './hub-endpoint.js'
import type { HubEndpoint, HubEndpointOptions } from './hub-endpoint.js'

export interface HubServerOptions {
  host?: string
  port?: number
  hubs: HubEndpointOptions[]
  /** Serve HTTPS with these options (certificate, key, `requestCert` for mTLS). */
  tls?: HttpsOptions
  /** Sees every request first; returning true means it answered (tests use it to count or refuse). */
  intercept?(request: IncomingMessage, response: ServerResponse): boolean
}

export interface HubServer {
  /** `http(s)://host:port` */
  origin: string
  /** The full URL of a hub path. */
  url(path: string): string
  endpoint(path: string): HubEndpoint
  server: Server
  close(): Promise<void>
}

export async function startHubServer(options: HubServerOptions): Promise<HubServer> {
  const endpoints = options.hubs.map(createHubEndpoint)
  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    if (options.intercept?.(request, response) === true) return
    const url = requestUrl(request)
    if (url === undefined) return void response.writeHead(400).end()
    if (endpoints.some((endpoint) => endpoint.handle(request, response, url))) return
    response.writeHead(404, { 'content-type': 'text/plain' }).end(`No hub at ${url.pathname}.`)
  }
  const server: Server = options.tls ? createHttpsServer(options.tls, onRequest) : createServer(onRequest)
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => undefined)
    const url = requestUrl(request)
    if (url && endpoints.some((endpoint) => endpoint.upgrade(request, socket, head, url))) return
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n')
  })
  const address = await listenOn(server, { host: options.host ?? '127.0.0.1', port: options.port ?? 0 })
  const origin = `${options.tls ? 'https' : 'http'}://${address}`
  let closing: Promise<void> | undefined
  return {
    origin,
    url: (path) => `${origin}${path}`,
    endpoint(path) {
      const found = endpoints.find((endpoint) => endpoint.path === path)
      if (!found) throw new Error(`No hub at ${path}`)
      return found
    },
    server,
    close: () =>
      (closing ??= (async () => {
        for (const endpoint of endpoints) endpoint.closeAll()
        await closeServer(server)
      })()),
  }
}
