/** @wirebench/protocol-signalr: ASP.NET Core SignalR hubs on the official client (invoke, send, stream, upload, connection). */
export { createSignalrPlugin } from './plugin.js'
export type { SignalrPluginOptions } from './types.js'
