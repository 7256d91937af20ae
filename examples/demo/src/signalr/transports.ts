/**
 * The three transports of TransportProtocols.md on the server side: WebSockets (full duplex), Server-Sent Events
 * (server to client, paired with HTTP POST sends) and long polling (GET polls, POST sends, DELETE to end).
 */
import type { ServerResponse } from 'node:http'
import type WebSocket from 'ws'
import type { Payload } from './hub-messages.js'
import type { ServerHubConnection, TransportWriter } from './hub-connection.js'

export function attachWebSocket(connection: ServerHubConnection, socket: WebSocket): void {
  const writer: TransportWriter = {
    write: (payload) => socket.send(payload, { binary: typeof payload !== 'string' }),
    end: () => socket.close(1000),
  }
  connection.attach(writer)
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    connection.receive(isBinary ? new Uint8Array(data) : data.toString('utf8'))
  })
  socket.on('close', () => connection.end())
  socket.on('error', () => connection.end())
}

/** Each message is one event; each of its lines one `data:` field (SSE carries text only). */
export function attachEventStream(connection: ServerHubConnection, response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  })
  // A blank first line flushes the headers so the client's EventSource opens before the first message.
  response.write('\r\n')
  connection.attach({
    write: (payload) => {
      const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8')
      response.write(
        `${text
          .split(/\r\n|\r|\n/)
          .map((line) => `data: ${line}\r\n`)
          .join('')}\r\n`,
      )
    },
    end: () => response.end(),
  })
  response.on('close', () => connection.end())
}

/**
 * Long polling: written payloads wait in a queue until a poll takes them; a poll with nothing to take waits up to
 * `pollTimeoutMs` and then answers 200 with no body; an ended connection answers the pending poll with 204.
 */
export class LongPollingTransport {
  private queue: Payload[] = []
  private pending: { response: ServerResponse; timer: NodeJS.Timeout } | undefined
  private ended = false
  private polled = false

  constructor(
    private readonly connection: ServerHubConnection,
    private readonly pollTimeoutMs: number,
  ) {
    connection.attach({ write: (payload) => this.write(payload), end: () => this.end() })
  }

  poll(response: ServerResponse): void {
    this.answerPending(204)
    // What was written before the end (a Close message) still goes out; after it, polls get 204.
    if (this.ended) return this.queue.length > 0 ? this.flush(response) : void response.writeHead(204).end()
    // The first poll only activates the connection, as ASP.NET Core's does: it returns at once, empty.
    if (!this.polled) {
      this.polled = true
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end()
    }
    if (this.queue.length > 0) return this.flush(response)
    const timer = setTimeout(() => this.answerPending(200), this.pollTimeoutMs)
    this.pending = { response, timer }
    response.on('close', () => {
      if (this.pending?.response === response) {
        clearTimeout(this.pending.timer)
        this.pending = undefined
      }
    })
  }

  private write(payload: Payload): void {
    this.queue.push(payload)
    const pending = this.pending
    if (pending) {
      clearTimeout(pending.timer)
      this.pending = undefined
      this.flush(pending.response)
    }
  }

  private flush(response: ServerResponse): void {
    const items = this.queue
    this.queue = []
    const binary = items.some((item) => typeof item !== 'string')
    const body = binary
      ? Buffer.concat(items.map((item) => (typeof item === 'string' ? Buffer.from(item) : item)))
      : items.join('')
    response.writeHead(200, { 'content-type': binary ? 'application/octet-stream' : 'text/plain' }).end(body)
  }

  private answerPending(status: 200 | 204): void {
    const pending = this.pending
    if (!pending) return
    this.pending = undefined
    clearTimeout(pending.timer)
    pending.response.writeHead(status).end()
  }

  end(): void {
    if (this.ended) return
    this.ended = true
    if (this.pending && this.queue.length > 0) {
      const { response, timer } = this.pending
      clearTimeout(timer)
      this.pending = undefined
      this.flush(response)
    } else this.answerPending(204)
    this.connection.end()
  }
}
