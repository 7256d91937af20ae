/** The part of faye-websocket 0.11's server API the tests use (the package ships no types). */
declare module 'faye-websocket' {
  import type { IncomingMessage } from 'node:http'
  import type { Duplex } from 'node:stream'

  interface FayeSocket {
    send(data: string | Buffer): boolean
    close(code?: number, reason?: string): void
    on(event: 'message', listener: (event: { data: string | Buffer }) => void): void
    on(event: 'close', listener: (event: { code: number; reason: string }) => void): void
  }
  interface FayeWebSocket {
    new (request: IncomingMessage, socket: Duplex, body: Buffer, protocols?: string[]): FayeSocket
    isWebSocket(request: IncomingMessage): boolean
  }
  const WebSocket: FayeWebSocket
  export default WebSocket
}
