/** @wirebench/protocol-websocket: WebSocket protocol plugin: ws:// and wss:// URLs as duplex channels (text, binary, subprotocols, close codes). */
export { createWebSocketPlugin } from './plugin.js'
export type { WebSocketPluginOptions } from './types.js'
