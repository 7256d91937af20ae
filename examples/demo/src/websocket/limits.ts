/** Bounds of the WebSocket chat demo: it runs on users' machines, so nothing a client sends may grow without limit. */
export const chatLimits = {
  maxClients: 100,
  /** Larger frames close the connection with 1009 (ws enforces it). */
  maxPayloadBytes: 64 * 1024,
  maxMessagesPerSecond: 100,
  /** A client whose unsent data exceeds this misses broadcasts until it catches up. */
  maxBufferedBytes: 1024 * 1024,
  maxNameLength: 32,
  maxBinaryReplyBytes: 4096,
  /** RFC 6455 bounds of a control frame's payload and of a close reason; longer ones are cut. */
  maxPingBytes: 125,
  maxCloseReasonBytes: 123,
  heartbeatMs: 30_000,
  /** How long `close()` waits for clients to answer the close frame before cutting them. */
  closeGraceMs: 250,
}

export const chatSubprotocol = 'chat.v1'
