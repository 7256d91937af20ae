/**
 * Request state a protocol keeps outside the method's draft, captured into a saved request's options and restored
 * from them. Only the WebSocket composer has any; every other pane's request lives in the draft.
 */
import type { SavedRequestOptions } from '@wirebench/core'
import { wsComposerExtras } from './websocket/ws-saved.js'

export interface RequestExtras {
  capture: (key: string) => SavedRequestOptions
  restore: (key: string, options: SavedRequestOptions) => void
}

const byProtocol: Record<string, RequestExtras> = { websocket: wsComposerExtras }

export function protocolExtras(protocol: string): RequestExtras | undefined {
  return byProtocol[protocol]
}
