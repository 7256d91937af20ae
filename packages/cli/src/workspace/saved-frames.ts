/**
 * What a saved request sends when no `-d` replaces it. A WebSocket request saved from the UI keeps its connection's
 * options as its first message (`{}` when there are none) and the text in its composer as the `composer` option;
 * the frames to send are the non-empty messages, else the composer's message, as the UI would send it.
 */
import type { SavedRequest } from '@wirebench/core'

const isEmptyRecord = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0

/** The composer's message as a frame of the WebSocket plugin (`{text}`, `{binary}`, `{ping}`), if it holds one. */
function composerFrame(composer: unknown): unknown {
  if (typeof composer !== 'object' || composer === null) return undefined
  const { kind, payload } = composer as { kind?: unknown; payload?: unknown }
  if (typeof payload !== 'string' || payload === '') return undefined
  if (kind === 'binary') return { binary: payload }
  if (kind === 'ping') return { ping: payload }
  return { text: payload }
}

export function savedMessages(request: SavedRequest): unknown[] {
  if (request.protocol !== 'websocket') return request.messages
  const frames = request.messages.filter((message) => !isEmptyRecord(message))
  if (frames.length > 0) return frames
  const composed = composerFrame(request.options?.composer)
  return composed === undefined ? [] : [composed]
}
