/** Starts the WebSocket demo: the chat at `/chat`, the same chat behind the demo credentials at `/private`. */
import type { Duplex } from 'node:stream'
import { STATUS_CODES, createServer } from 'node:http'
import { WebSocketServer } from 'ws'
import { demoCredentialHint, hasDemoCredential } from '../demo-auth.js'
import { crossSiteMessage, isCrossSite } from '../cross-site.js'
import { badTargetMessage, closeServer, listenOn, requestUrl } from '../node-http.js'
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { createChatRoom } from './chat-room.js'
import { chatLimits, chatSubprotocol } from './limits.js'

/** Answers a refused upgrade with a plain HTTP response, so clients can show the status and the reason. */
function refuse(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ code: STATUS_CODES[status], message })
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ]
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`)
}

export async function startWebSocketDemo(options: StartServiceOptions): Promise<DemoServiceHandle> {
  const room = createChatRoom()
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: chatLimits.maxPayloadBytes,
    perMessageDeflate: false,
    // Offered subprotocols other than chat.v1 are not accepted: the handshake then names none.
    handleProtocols: (protocols) => (protocols.has(chatSubprotocol) ? chatSubprotocol : false),
  })
  const server = createServer((req, res) => {
    if (isCrossSite(req)) {
      return void res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'forbidden', message: crossSiteMessage }))
    }
    const body = { code: 'upgrade_required', message: 'This is a WebSocket service: connect to ws://…/chat.' }
    res.writeHead(426, { 'content-type': 'application/json', upgrade: 'websocket' }).end(JSON.stringify(body))
  })
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => undefined)
    if (isCrossSite(req)) return refuse(socket, 403, crossSiteMessage)
    const url = requestUrl(req)
    if (url === undefined) return refuse(socket, 400, badTargetMessage)
    if (url.pathname !== '/chat' && url.pathname !== '/private') {
      return refuse(socket, 404, `Nothing at ${url.pathname}; the chat is /chat.`)
    }
    if (url.pathname === '/private' && !hasDemoCredential(req.headers, url)) {
      return refuse(socket, 401, demoCredentialHint, { 'www-authenticate': 'Bearer' })
    }
    if (room.size >= chatLimits.maxClients) {
      return refuse(socket, 503, 'The chat is full; try again later.', { 'retry-after': '5' })
    }
    wss.handleUpgrade(req, socket, head, (ws) => room.join(ws))
  })
  const address = await listenOn(server, options)
  let closing: Promise<void> | undefined
  const close = async (): Promise<void> => {
    await room.closeAll()
    await closeServer(server)
    await new Promise<void>((resolve) => wss.close(() => resolve()))
  }
  return {
    service: { protocol: 'websocket', name: 'Chat (WebSocket)', url: `ws://${address}/chat` },
    close: () => (closing ??= close()),
  }
}
