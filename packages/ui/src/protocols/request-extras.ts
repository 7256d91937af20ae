/**
 * Request state a protocol keeps outside the method's draft, captured into a saved request's options and restored
 * from them: the WebSocket composer, a SignalR channel's composer (its own draft), and the MCP session channel's
 * connection settings (the draft of the server's \`Session/events\`, shared by every pane of that server).
 */
import type { SavedRequestOptions } from '@wirebench/core'
import type { DraftsStore } from '../state/drafts-store.js'
import type { RequestAddress } from '../state/request-address.js'
import { mcpSessionExtras } from './mcp/mcp-saved.js'
import { hubComposerExtras } from './signalr/hub-saved.js'
import { wsComposerExtras } from './websocket/ws-saved.js'

/** What an extras pair reads and writes besides the tab's own draft. */
export interface ExtrasContext {
  drafts: DraftsStore
  address: RequestAddress
}

export interface RequestExtras {
  capture: (key: string, context: ExtrasContext) => SavedRequestOptions
  restore: (key: string, options: SavedRequestOptions, context: ExtrasContext) => void
}

const byProtocol: Record<string, RequestExtras> = {
  websocket: wsComposerExtras,
  signalr: hubComposerExtras,
  mcp: mcpSessionExtras,
}

export function protocolExtras(protocol: string): RequestExtras | undefined {
  return byProtocol[protocol]
}
