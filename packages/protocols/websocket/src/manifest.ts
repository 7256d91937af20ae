/**
 * The WebSocket plugin's manifest: what the server lists and routes by before `ws` is loaded. Imports nothing at run
 * time (`@wirebench/protocol-websocket/manifest`).
 */
import type { ProtocolManifest } from '@wirebench/core'

export const webSocketManifest: ProtocolManifest = {
  id: 'websocket',
  name: 'WebSocket',
  description: 'ws:// and wss:// addresses as duplex channels: text and binary frames, subprotocols, close codes.',
  // A ws:// address of a SignalR hub accepts a raw upgrade too; it is listed as SignalR.
  defersTo: ['signalr'],
  exportFormats: ['wscat', 'websocat', 'wirebench'],
  capabilities: { serverStreaming: false, channels: true },
}

export const manifests: readonly ProtocolManifest[] = [webSocketManifest]
