/** The WebSocket ProtocolPlugin (skeleton: the helper building this package replaces it). */
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin } from '@wirebench/core'
import type { WebSocketPluginOptions } from './types.js'

export function createWebSocketPlugin(_options: WebSocketPluginOptions = {}): ProtocolPlugin {
  return {
    id: 'websocket',
    name: 'WebSocket',
    discover: () => Promise.reject(new WorkbenchError('no_services', 'Not built yet.')),
    invoke: () => Promise.reject(new WorkbenchError('unsupported', 'Not built yet.')),
  }
}
