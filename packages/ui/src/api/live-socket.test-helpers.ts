/** An in-memory stand-in for the browser's WebSocket, for tests of the live client: records what the page sends and lets the test play the server. */
import type { LiveClientMessage, LiveServerMessage } from '@wirebench/core'
import type { CreateSocket, WebSocketLike } from './live-socket.js'

export class FakeSocket implements WebSocketLike {
  readyState = 0
  protocol = ''
  onopen: WebSocketLike['onopen'] = null
  onmessage: WebSocketLike['onmessage'] = null
  onclose: WebSocketLike['onclose'] = null
  onerror: WebSocketLike['onerror'] = null
  readonly sent: LiveClientMessage[] = []

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send() on a socket that is not open')
    this.sent.push(JSON.parse(data) as LiveClientMessage)
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.({ code, reason })
  }

  /** The server accepted the upgrade. */
  accept(): void {
    this.readyState = 1
    this.protocol = this.protocols[0] ?? ''
    this.onopen?.({})
  }

  /** The server sends one message. */
  emit(message: LiveServerMessage | string): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) })
  }

  /** The connection dies (server stopped, network gone). */
  drop(code = 1006): void {
    this.onerror?.({})
    this.close(code, '')
  }
}

/** A socket factory that remembers every socket it made, newest last. */
export function fakeSockets(): { create: CreateSocket; sockets: FakeSocket[]; last: () => FakeSocket } {
  const sockets: FakeSocket[] = []
  return {
    sockets,
    create: (url, protocols) => {
      const socket = new FakeSocket(url, protocols)
      sockets.push(socket)
      return socket
    },
    last: () => {
      const socket = sockets.at(-1)
      if (!socket) throw new Error('No socket was opened.')
      return socket
    },
  }
}
