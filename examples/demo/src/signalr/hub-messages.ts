/**
 * The messages of the SignalR hub protocol as this server sees them (HubProtocol.md in dotnet/aspnetcore). Written by
 * us from the published spec; it is not Microsoft's server.
 */

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const

export type Headers = Record<string, string>

export interface InvocationMessage {
  type: typeof MessageType.Invocation
  headers?: Headers
  invocationId?: string
  target: string
  arguments: unknown[]
  streamIds?: string[]
}

export interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation
  headers?: Headers
  invocationId: string
  target: string
  arguments: unknown[]
  streamIds?: string[]
}

export interface StreamItemMessage {
  type: typeof MessageType.StreamItem
  headers?: Headers
  invocationId: string
  item: unknown
}

export interface CompletionMessage {
  type: typeof MessageType.Completion
  headers?: Headers
  invocationId: string
  /** Absent for a void result. */
  result?: unknown
  hasResult?: boolean
  error?: string
}

export interface CancelInvocationMessage {
  type: typeof MessageType.CancelInvocation
  headers?: Headers
  invocationId: string
}

export interface PingMessage {
  type: typeof MessageType.Ping
}

export interface CloseMessage {
  type: typeof MessageType.Close
  error?: string
  allowReconnect?: boolean
}

export type HubMessage =
  | InvocationMessage
  | StreamInvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage

/** What a transport carries: text for the JSON protocol, bytes for MessagePack. */
export type Payload = string | Uint8Array

/** One encoding of the hub protocol: how messages become payloads and back. */
export interface HubProtocolCodec {
  name: 'json' | 'messagepack'
  transferFormat: 'Text' | 'Binary'
  write(message: HubMessage): Payload
  /** Parses the whole messages a payload holds (transports carry whole messages). */
  parse(input: Payload): HubMessage[]
}

/** The record separator that ends every JSON message and every handshake message. */
export const recordSeparator = '\u001e'
