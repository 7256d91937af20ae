/**
 * `GET {prefix}/api/ws`: the live-call WebSocket, one per browser tab (`LIVE_PROTOCOL`). The upgrade passes the same
 * gates as every route (Host, Origin, fetch metadata, the session token — here from `Sec-WebSocket-Protocol`) before
 * the handshake; each socket then gets a LiveSession.
 */
import { LIVE_PROTOCOL, WorkbenchError } from '@wirebench/core'
import type { LiveServerMessage, OutboundPolicy } from '@wirebench/core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { sendProblem } from '../errors/error-handler.js'
import { toProblem } from '../errors/problem.js'
import { pluginLogger } from '../services/logger.js'
import { LiveSession } from '../services/live/session.js'
import { createUpgradeRouter } from '../services/live/upgrades.js'
import { createLazyWebSocketServer } from '../services/live/websocket-server.js'
import type { SessionToken } from '../security/token.js'
import type { AiChatRunner } from '../services/ai-chat.js'
import type { RouteDeps } from './deps.js'

export interface LiveRouteOptions {
  outboundPolicy: OutboundPolicy
  /** Sockets opened with a token that was since replaced are closed: that token may be in another program's hands. */
  sessionToken?: SessionToken
  /** Subscribes to workspace changes, announced on every open socket. */
  onWorkspaceChanged?: (listener: (workspace: string, revision: string) => void) => () => void
  /** Calls recorded in a workspace's history: announced so an open History tab reloads. */
  onHistoryChanged?: (listener: (workspace: string) => void) => () => void
  /** Subscribes to benchmark progress, announced on every open socket. */
  onBenchmark?: (listener: (message: LiveServerMessage) => void) => () => void
  /** The AI package's chat, when the server has it: runs `ai.chat` messages. */
  aiChat?: AiChatRunner
}

/** Picks the live protocol; the token entry the browser offers next to it is never selected, so never echoed. */
function selectProtocol(protocols: Set<string>): string | false {
  return protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false
}

function tooManySockets(max: number): WorkbenchError {
  return new WorkbenchError('conflict', `At most ${max} live connections may be open at once.`, {
    hint: 'Close other workbench tabs, then retry.',
  })
}

export function registerLiveRoutes(app: FastifyInstance, deps: RouteDeps, options: LiveRouteOptions): void {
  const { limits } = deps
  const wss = createLazyWebSocketServer({
    noServer: true,
    maxPayload: limits.liveMaxMessageBytes,
    handleProtocols: selectProtocol,
    perMessageDeflate: false,
  })
  const upgrades = createUpgradeRouter({
    server: app.server,
    path: `${app.prefix}/api/ws`,
    routing: (request, response) => app.routing(request, response),
  })
  const sessions = new Map<WebSocket, LiveSession>()
  // 1008 (policy violation): the socket's credentials are no longer valid; the page signs in again with the new one.
  const stopWatching = options.sessionToken?.onRotate(() => {
    for (const [socket, session] of sessions) {
      session.close()
      socket.close(1008, 'The session token was replaced.')
      // A peer that does not answer the close handshake keeps nothing open.
      setTimeout(() => socket.terminate(), 1000).unref()
    }
  })

  const broadcast = (message: LiveServerMessage): void => {
    const data = JSON.stringify(message)
    for (const socket of sessions.keys()) if (socket.readyState === socket.OPEN) socket.send(data)
  }
  const stopAnnouncing = options.onWorkspaceChanged?.((workspace, revision) => {
    broadcast({ op: 'workspace.changed', workspace, revision })
  })
  const stopBenchmarks = options.onBenchmark?.(broadcast)

  const stopAnnouncingHistory = options.onHistoryChanged?.((workspace) => {
    broadcast({ op: 'history.changed', workspace })
  })

  app.addHook('preClose', (done) => {
    stopWatching?.()
    stopAnnouncing?.()
    stopAnnouncingHistory?.()
    stopBenchmarks?.()
    upgrades.close()
    for (const [socket, session] of sessions) {
      session.close()
      socket.close(1001, 'The workbench is shutting down.')
      // A browser that does not answer the close handshake must not hold shutdown up.
      setTimeout(() => socket.terminate(), 1000).unref()
    }
    wss.close()
    done()
  })

  const startSession = (socket: WebSocket, request: FastifyRequest): void => {
    const logger = pluginLogger(request.log)
    const session = new LiveSession({
      sink: {
        send: (data, done) => socket.send(data, done),
        get bufferedAmount() {
          return socket.bufferedAmount
        },
        get isOpen() {
          return socket.readyState === socket.OPEN
        },
      },
      registry: deps.registry,
      recorder: deps.recorder,
      ...(options.aiChat ? { aiChat: options.aiChat } : {}),
      outboundPolicy: options.outboundPolicy,
      limits: {
        maxCalls: limits.liveMaxCallsPerSocket,
        maxMessageBytes: limits.liveMaxMessageBytes,
        idleTimeoutMs: limits.liveIdleTimeoutMs,
        maxQueuedFrames: limits.liveMaxQueuedFrames,
        ackWindow: limits.liveAckWindow,
        maxTimeoutMs: limits.maxInvokeTimeoutMs,
        maxResponseBytes: limits.maxResponseBytes,
        maxQueuedBytes: limits.liveMaxQueuedBytes,
        maxSocketQueuedBytes: limits.liveMaxSocketQueuedBytes,
        maxFrameBytes: limits.liveMaxFrameBytes,
        maxPendingSendBytes: limits.liveMaxPendingSendBytes,
      },
      logger,
    })
    sessions.set(socket, session)
    logger.debug('live socket opened', { protocol: socket.protocol })
    socket.on('message', (data, isBinary) => {
      // Buffers with the default binaryType; the other shapes are handled for completeness.
      const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
      session.receive(buffer, isBinary)
    })
    socket.on('error', (error) => logger.debug('live socket error', { error: error.message }))
    socket.once('close', () => {
      sessions.delete(socket)
      session.close()
    })
  }

  app.get('/api/ws', (request: FastifyRequest, reply: FastifyReply) => {
    // Reached only after the workbench's gates passed.
    if (!upgrades.isUpgrade(request.raw)) {
      return sendProblem(
        reply,
        toProblem(new WorkbenchError('invalid_request', 'This endpoint only speaks WebSocket.'), { status: 426 }),
      )
    }
    if (sessions.size >= limits.liveMaxSockets) {
      // A plain HTTP answer: the refused connection never upgrades and closes after it.
      return sendProblem(reply, toProblem(tooManySockets(limits.liveMaxSockets), { status: 503 }))
    }
    const upgrade = upgrades.take(request.raw)!
    void reply.hijack()
    wss.handleUpgrade(request.raw, upgrade.socket, upgrade.head, (socket) => startSession(socket, request))
    return reply
  })
}
