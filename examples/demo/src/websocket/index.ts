/** The WebSocket demo: an echo and chat room, and the starter used by `startDemo`. */
export { chatHelp } from './commands.js'
export { chatLimits, chatSubprotocol } from './limits.js'
export { startWebSocketDemo } from './server.js'
