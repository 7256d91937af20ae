/**
 * Discovery of a WebSocket address: a real handshake (headers, subprotocols, API key, client certificate) closed with
 * 1000 right after, so the sidebar shows only addresses that accept the upgrade, and which subprotocol they chose.
 */
import type { CallContext, ServiceInfo } from '@wirebench/core'
import { WebSocketConnection } from './connection.js'
import { describeService } from './describe.js'
import { upgradeRefused } from './errors.js'
import { buildUpgradeRequest, webSocketUrl } from './handshake.js'
import type { ResolvedOptions } from './types.js'

/** How long discovery waits for the server to answer its close before cutting the probe connection. */
const probeCloseMs = 1_000

export async function discoverUrl(target: string, ctx: CallContext, options: ResolvedOptions): Promise<ServiceInfo[]> {
  const url = webSocketUrl(target)
  const request = buildUpgradeRequest(target, ctx, options)
  const connection = new WebSocketConnection(request, ctx, { ...options, closeTimeoutMs: probeCloseMs })
  try {
    const handshake = await connection.ready
    if (handshake.kind === 'refused') throw upgradeRefused(request.displayUrl, handshake.status, handshake.statusText)
    await connection.closeAndDrain(1000)
    return [describeService(target, url, handshake.protocol)]
  } finally {
    connection.dispose()
  }
}
