/**
 * WebSocket servers that greet first, on two libraries no one here wrote: faye-websocket and WebSocket-Node
 * (`websocket`). Each client gets `{"type":"welcome"}` as soon as the handshake is done, then every text message comes
 * back as `echo: <text>` and every binary one as it was.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import FayeWebSocket from 'faye-websocket'
import { server as WebSocketNodeServer } from 'websocket'

export interface GreetingServer {
  /** `ws://127.0.0.1:port/greet` */
  url: string
  close(): Promise<void>
}

const welcome = JSON.stringify({ type: 'welcome' })

export async function startFayeGreetingServer(): Promise<GreetingServer> {
  const server = createServer((_request, response) => response.writeHead(426).end())
  server.on('upgrade', (request, socket, body: Buffer) => {
    if (!FayeWebSocket.isWebSocket(request)) {
      socket.destroy()
      return
    }
    const ws = new FayeWebSocket(request, socket, body)
    ws.send(welcome)
    ws.on('message', (event) => ws.send(typeof event.data === 'string' ? `echo: ${event.data}` : event.data))
  })
  return listen(server, () => undefined)
}

export async function startWebSocketNodeGreetingServer(): Promise<GreetingServer> {
  const server = createServer((_request, response) => response.writeHead(426).end())
  const wsServer = new WebSocketNodeServer({ httpServer: server, autoAcceptConnections: false })
  wsServer.on('request', (request) => {
    const connection = request.accept(null, request.origin)
    connection.sendUTF(welcome)
    connection.on('message', (message) => {
      if (message.type === 'utf8') connection.sendUTF(`echo: ${message.utf8Data}`)
      else connection.sendBytes(message.binaryData)
    })
  })
  return listen(server, () => wsServer.shutDown())
}

async function listen(server: Server, stop: () => void): Promise<GreetingServer> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}/greet`,
    close: () =>
      new Promise<void>((resolve) => {
        stop()
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
