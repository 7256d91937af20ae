/** Frames that flow out of server streams and channels, identical for every protocol. */
import type { SentRequest, StatusName } from './wire.js'

export type StreamFrame =
  | {
      type: 'headers'
      metadata: Record<string, string>
      /** What opened the call (credentials masked as for unary results), when the plugin can say. */
      sent?: SentRequest
    }
  | {
      type: 'message'
      data: unknown
      /** Base64 of a binary payload (WebSocket binary frames, raw bytes). */
      binary?: string
      /** Protocol extras: SSE `id`/`event`/`retry`, WebSocket opcode, GraphQL errors… */
      meta?: Record<string, unknown>
    }
  | { type: 'trailers'; metadata: Record<string, string> }
  | { type: 'end'; status: StatusName; message?: string; details?: unknown }

export type StreamFrameType = StreamFrame['type']
