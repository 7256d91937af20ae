/**
 * `openChannel`: a WebSocket as a duplex Channel. It opens once the server switched protocols (a refused upgrade
 * fails the open with the HTTP status); frames are pulled from a bounded queue that pauses the socket when the
 * consumer falls behind; `closeSend` closes with 1000 and waits for the server's close; `dispose` cuts it.
 */
import { randomUUID } from 'node:crypto'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, Channel } from '@wirebench/core'
import { WebSocketConnection } from './connection.js'
import { upgradeRefused } from './errors.js'
import type { UpgradeRequest } from './handshake.js'
import { toOutgoing } from './send-message.js'
import type { ResolvedOptions } from './types.js'

export async function openWebSocketChannel(
  request: UpgradeRequest,
  ctx: CallContext,
  options: ResolvedOptions,
): Promise<Channel> {
  const connection = new WebSocketConnection(request, ctx, options)
  let handshake
  try {
    handshake = await connection.ready
  } catch (error) {
    connection.dispose()
    throw error
  }
  if (handshake.kind === 'refused') {
    connection.dispose()
    throw upgradeRefused(request.displayUrl, handshake.status, handshake.statusText)
  }
  let framesTaken = false
  let disposed = false
  return {
    id: randomUUID(),
    clientStreaming: true,
    serverStreaming: true,
    async send(message) {
      if (disposed) return false
      return connection.send(toOutgoing(message))
    },
    async closeSend() {
      if (!disposed) await connection.close(1000)
    },
    frames() {
      if (framesTaken) throw new WorkbenchError('invalid_request', 'The frames of a channel can be read only once.')
      framesTaken = true
      return connection.iterate()
    },
    dispose() {
      disposed = true
      connection.dispose()
      return Promise.resolve()
    },
  }
}
