/** @wirebench/protocol-sse: Server-Sent Events protocol plugin: text/event-stream URLs as server streams, with Last-Event-ID reconnection. */
export { createSsePlugin } from './plugin.js'
export type { SsePluginOptions } from './types.js'
