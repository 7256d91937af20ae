/**
 * The SignalR plugin's manifest: what the server lists and routes by before `@microsoft/signalr` is loaded. Imports
 * nothing at run time (`@wirebench/protocol-signalr/manifest`).
 */
import type { ProtocolManifest } from '@wirebench/core'

export const signalrManifest: ProtocolManifest = {
  id: 'signalr',
  name: 'SignalR',
  description:
    'ASP.NET Core SignalR hubs: invoke, send, server streams, client uploads and a live connection that shows every message the hub sends.',
  exportFormats: ['wirebench'],
  capabilities: { serverStreaming: true, channels: true },
}

export const manifests: readonly ProtocolManifest[] = [signalrManifest]
