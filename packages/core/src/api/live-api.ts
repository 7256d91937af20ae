/**
 * The live-call protocol of `GET {prefix}/api/ws`: one WebSocket per browser tab multiplexes every server stream and
 * channel. Text frames, one JSON object each. The browser mints call ids (unique per socket). Secrets (metadata, auth
 * output) travel inside `open` messages, never in the upgrade URL; the session token rides in `Sec-WebSocket-Protocol`
 * as `LIVE_TOKEN_PROTOCOL_PREFIX + token` next to `LIVE_PROTOCOL`.
 */
import type { StreamFrame } from '../model/stream.js'
import type { AiChatAnswer, AiChatRequest } from './ai-api.js'
import type { BenchSecond, BenchStatus } from './bench-api.js'
import type { Problem } from './http-api.js'
import type { HistoryTemplate } from './workspace-api.js'

/** The subprotocol the server selects; the browser offers it together with the token entry. */
export const LIVE_PROTOCOL = 'wirebench.live.v1'
/** Prefix of the subprotocol entry that carries the session token (base64url, so it is a valid token). */
export const LIVE_TOKEN_PROTOCOL_PREFIX = 'wirebench.token.'

/**
 * What happens when the browser falls behind: `pause` stops pulling from the upstream (HTTP/2 and TCP flow control
 * push back on the server); `drop-oldest` keeps the newest `maxQueuedFrames` and reports how many were dropped.
 */
export type LiveOverflowPolicy = 'pause' | 'drop-oldest'

/** Fields every `open` carries: the same addressing as `POST /api/invoke`. */
export interface LiveCallTarget {
  protocol: string
  /** The service's `originUrl`. */
  url: string
  service: string
  method: string
  metadata?: Record<string, string>
  serverUrl?: string
  /** Deadline of the whole call; omitted means the server's idle timeout applies instead. */
  timeoutMs?: number
  /** Record the call in this workspace's history when it closes (as `POST /api/invoke` does). */
  history?: HistoryTemplate
}

export type LiveClientMessage =
  /** Server streaming: `messages` holds the one request message. */
  | ({ op: 'stream.open'; id: string; messages: unknown[]; overflow?: LiveOverflowPolicy } & LiveCallTarget)
  /** Client streaming and duplex (gRPC client/bidi streams, WebSocket, MCP sessions…). */
  | ({ op: 'channel.open'; id: string; overflow?: LiveOverflowPolicy } & LiveCallTarget)
  /** `ref` is echoed in the `sent` answer so the composer can mark the message delivered or refused. */
  | { op: 'channel.send'; id: string; ref: number; message: unknown }
  | { op: 'channel.closeSend'; id: string }
  | { op: 'cancel'; id: string }
  /** Flow control: the browser has processed every frame up to and including `seq` of call `id`. */
  | { op: 'ack'; id: string; seq: number }
  /**
   * A chat with the AI package's model, streamed: `ai.delta` messages, then one `ai.done` (or an `error` with the id).
   * `cancel` with the same id stops it. Without the AI package the server answers `error` (`unsupported`).
   */
  | { op: 'ai.chat'; id: string; request: AiChatRequest }

export interface LiveFrame {
  /** 1-based, per call, without gaps (drops show up in `dropped`, not as missing numbers). */
  seq: number
  /** Server receive time, epoch milliseconds. */
  at: number
  frame: StreamFrame
}

export type LiveServerMessage =
  | { op: 'opened'; id: string; clientStreaming: boolean; serverStreaming: boolean }
  /** Frames in order; batched so that high rates cost one WebSocket message per batch. */
  | { op: 'frames'; id: string; frames: LiveFrame[] }
  | { op: 'sent'; id: string; ref: number; accepted: boolean; problem?: Problem }
  /** Running total of frames dropped by the `drop-oldest` policy. */
  | { op: 'dropped'; id: string; total: number }
  /** The call is over; no more messages for `id`. `problem` is set when it failed before or outside an `end` frame. */
  | { op: 'closed'; id: string; problem?: Problem }
  /** A message that could not be handled (bad JSON, unknown op, unknown id). */
  | { op: 'error'; id?: string; problem: Problem }
  /**
   * A workspace changed (on disk — an editor, a `git pull` — or through the API from any tab): sent on every open
   * socket, not tied to a call; the page reloads the workspace's content when `revision` differs from the one it holds.
   */
  | { op: 'workspace.changed'; workspace: string; revision: string }
  /** Calls were recorded in a workspace's history (by any tab or process of this server): an open History tab reloads. */
  | { op: 'history.changed'; workspace: string }
  /** A second of a benchmark run ended (sent on every open socket; `run` is the id `POST /api/bench/start` answered). */
  | { op: 'bench.progress'; run: string; progress: BenchSecond }
  /** A benchmark run ended (finished, stopped or failed); `status.result` holds its figures. */
  | { op: 'bench.ended'; run: string; status: BenchStatus }
  /** Text the model produced since the last delta of chat `id`. */
  | { op: 'ai.delta'; id: string; text: string }
  /** Chat `id` is over: the whole answer, with the tool calls the model asked for. */
  | { op: 'ai.done'; id: string; answer: AiChatAnswer }

/** Frames the server may send ahead of the browser's last `ack` for one call. */
export const LIVE_ACK_WINDOW = 8192
