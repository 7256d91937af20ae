/** What a sidecar written with the SDK implements: its protocol's identity and one handler per call kind. */
import type { CallMarkers, InvokeResult, ServiceInfo, StatusName, WorkbenchErrorCode } from '@wirebench/core'

export interface HandlerContext {
  /** Fires when the host cancels the request (`$/cancelRequest`, `$/stream/cancel`, a cancelled channel) or shuts down. */
  signal: AbortSignal
  /** Writes a line to stderr (stdout carries the protocol); the workbench keeps the last lines. */
  log(message: string): void
}

export interface DiscoverRequest {
  serverUrl: string
  showInternalServices: boolean
  /** Plain headers of the call, transport markers split out. */
  metadata: Record<string, string>
  /** The transport markers the call carried: mTLS material, TLS trust… Apply them; never send them on the wire. */
  markers: CallMarkers
}

export interface CallRequest extends DiscoverRequest {
  service: string
  method: string
  /** The call's messages, parsed. */
  messages: unknown[]
}

export interface ChannelContext extends HandlerContext {
  /** The messages the client sends on the channel; ends when it closes its sending side. */
  incoming: AsyncIterable<unknown>
}

/** What `invoke` returns: the wire model's result; `durationMs` and `metadata` may be left out. */
export type InvokeAnswer = Partial<InvokeResult> & { response: unknown }

/** A streamed message with protocol extras (an MQTT topic, a retained flag…) shown beside it. */
export interface StreamItem {
  message: unknown
  meta?: Record<string, unknown>
}

export interface SidecarDefinition {
  protocol: { id: string; name: string; iconSvg?: string }
  /** Services at `serverUrl`; `[]` when the address is not one this protocol speaks. */
  discover(request: DiscoverRequest, ctx: HandlerContext): Promise<ServiceInfo[]> | ServiceInfo[]
  invoke(request: CallRequest, ctx: HandlerContext): Promise<InvokeAnswer> | InvokeAnswer
  /** Server streaming: each value yielded is one message (a `StreamItem` from `streamItem` carries extras). */
  invokeStream?(request: CallRequest, ctx: HandlerContext): AsyncIterable<unknown>
  /** Client streaming and duplex: read `ctx.incoming`, yield replies. */
  openChannel?(request: CallRequest, ctx: ChannelContext): AsyncIterable<unknown>
  /** Called once before the process exits (shutdown or stdin closed). */
  close?(): Promise<void> | void
}

/** An error with a workbench code (and a status for stream ends), shown to the user as the problem's title. */
export class SidecarError extends Error {
  override readonly name = 'SidecarError'
  constructor(
    readonly code: WorkbenchErrorCode,
    message: string,
    readonly options: { hint?: string; status?: StatusName } = {},
  ) {
    super(message)
  }
}
