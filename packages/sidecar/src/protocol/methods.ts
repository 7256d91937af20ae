/**
 * The sidecar contract, version 1: every JSON-RPC method and notification the host and a sidecar exchange, as typed
 * values (name + params + result), so both ends of the pipe are checked by the compiler. Field names follow the
 * established sidecar contract, so a sidecar written for it works here unchanged.
 */
import type { InvokeResult, ServiceInfo, StatusName } from '@wirebench/core'

/** The contract version the host speaks; a sidecar answers with the one it speaks. */
export const SIDECAR_PROTOCOL_VERSION = 1

/** A request the host sends: its method name carries the param and result types. */
export interface RequestType<P, R> {
  readonly method: string
  /** Phantom members: never set, only read by the type checker. */
  readonly _params?: P
  readonly _result?: R
}

/** A notification either side sends (no reply). */
export interface NotificationType<P> {
  readonly method: string
  readonly _params?: P
}

const request = <P, R>(method: string): RequestType<P, R> => ({ method })
const notification = <P>(method: string): NotificationType<P> => ({ method })

export interface InitializeParams {
  hostVersion: string
  protocolVersion: number
  /** The manifest's `protocol.id`: the reply must name the same id. */
  expectedProtocolId: string
}

export interface SidecarCapabilities {
  /** The sidecar implements `invokeStream` (server streaming). */
  serverStreaming?: boolean
  /** The sidecar implements `openChannel` (client streaming and duplex). */
  channels?: boolean
}

export interface InitializeResult {
  id: string
  name?: string
  iconSvg?: string
  protocolVersion?: number
  capabilities?: SidecarCapabilities
}

export interface DiscoverParams {
  serverUrl: string
  showInternalServices: boolean
  /** Headers and transport markers of the call (`__workbenchMtls__`, `__workbenchTrust__`…); markers stay off the wire. */
  metadata: Record<string, string>
}

/** Addressing shared by `invoke`, `invokeStream` and `openChannel`. */
export interface CallParams {
  serverUrl: string
  service: string
  method: string
  /** Each message as JSON text. */
  jsonMessages: string[]
  showInternalServices: boolean
  metadata: Record<string, string>
}

/** What `invoke` answers: the wire model's result; `response` may also come as JSON text in `jsonResponse`. */
export type InvokeReply = Partial<InvokeResult> & { jsonResponse?: string }

export interface StreamParams extends CallParams {
  streamId: string
}

export interface ChannelParams extends CallParams {
  channelId: string
}

export interface ChannelSendParams {
  channelId: string
  /** The message as JSON text. */
  jsonMessage: string
}

export interface ChannelCloseParams {
  channelId: string
  /** True when the host gives up on the channel (cancel); false or absent: the client finished sending. */
  cancel?: boolean
}

/** The end of a stream or channel: a status name (default OK, or Unknown with an error), and an error text. */
export interface EndParams {
  status?: StatusName
  error?: string | null
  details?: unknown
}

export interface StreamDataParams {
  streamId: string
  message: unknown
  meta?: Record<string, unknown>
}

export interface StreamEndParams extends EndParams {
  streamId: string
}

export interface ChannelDataParams {
  channelId: string
  message: unknown
  meta?: Record<string, unknown>
}

export interface ChannelClosedParams extends EndParams {
  channelId: string
}

export interface CancelRequestParams {
  id: number | string
}

export interface StreamCancelParams {
  streamId: string
}

export const methods = {
  initialize: request<InitializeParams, InitializeResult>('initialize'),
  shutdown: request<Record<string, never>, unknown>('shutdown'),
  ping: request<Record<string, never>, unknown>('ping'),
  discover: request<DiscoverParams, ServiceInfo[] | { services: ServiceInfo[] }>('discover'),
  invoke: request<CallParams, InvokeReply>('invoke'),
  invokeStream: request<StreamParams, unknown>('invokeStream'),
  openChannel: request<ChannelParams, unknown>('openChannel'),
  channelSend: request<ChannelSendParams, unknown>('channel.send'),
  channelClose: request<ChannelCloseParams, unknown>('channel.close'),
} as const

export const notifications = {
  streamData: notification<StreamDataParams>('$/stream/data'),
  streamEnd: notification<StreamEndParams>('$/stream/end'),
  channelData: notification<ChannelDataParams>('$/channel/data'),
  channelClosed: notification<ChannelClosedParams>('$/channel/closed'),
  /** Host → sidecar: the request with this id is abandoned (cancelled or timed out); its reply is not awaited. */
  cancelRequest: notification<CancelRequestParams>('$/cancelRequest'),
  /** Host → sidecar: stop producing this stream. */
  streamCancel: notification<StreamCancelParams>('$/stream/cancel'),
} as const

/** Error data a sidecar may attach to a JSON-RPC error so the workbench shows the right problem. */
export interface SidecarErrorData {
  /** A workbench error code (`upstream_unreachable`, `not_found`, `invalid_request`, `timeout`…). */
  code?: string
  hint?: string
}
