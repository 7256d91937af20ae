/**
 * Request state a protocol keeps outside the method's draft, captured into a saved request's options and restored
 * from them: the WebSocket composer, a SignalR channel's composer (its own draft), and the MCP session channel's
 * connection settings (the draft of the server's \`Session/events\`, shared by every pane of that server).
 */
import type { RequestExtras } from './extras-context.js'
import { mcpSessionExtras } from './mcp/mcp-saved.js'
import { hubComposerExtras } from './signalr/hub-saved.js'
import { wsComposerExtras } from './websocket/ws-saved.js'

const byProtocol: Record<string, RequestExtras> = {
  websocket: wsComposerExtras,
  signalr: hubComposerExtras,
  mcp: mcpSessionExtras,
}

export function protocolExtras(protocol: string): RequestExtras | undefined {
  return byProtocol[protocol]
}
