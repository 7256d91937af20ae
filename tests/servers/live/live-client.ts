/** A test client of `/api/ws` over the real `ws` WebSocket client: connects like the browser and records every message. */
import { LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX } from '@wirebench/core'
import type { LiveClientMessage, LiveFrame, LiveServerMessage } from '@wirebench/core'
import WebSocket from 'ws'

export interface LiveClient {
  socket: WebSocket
  /** Every server message so far, in order. */
  messages: LiveServerMessage[]
  /** WebSocket messages received (a `frames` batch counts once). */
  readonly received: number
  send(message: LiveClientMessage | Record<string, unknown>): void
  sendRaw(data: string | Buffer): void
  /** The first message (past or future) matching `match`. */
  waitFor<T extends LiveServerMessage>(match: (message: LiveServerMessage) => message is T): Promise<T>
  waitFor(match: (message: LiveServerMessage) => boolean): Promise<LiveServerMessage>
  /** All frames of call `id` received so far, in arrival order. */
  frames(id: string): LiveFrame[]
  /** Resolves once at least `count` frames of `id` arrived. */
  waitForFrames(id: string, count: number): Promise<LiveFrame[]>
  closed: Promise<{ code: number; reason: string }>
  close(): Promise<void>
}

export interface ConnectOptions {
  token?: string | null
  origin?: string
  protocols?: string[]
  headers?: Record<string, string>
}

export function liveUrl(base: string, prefix = ''): string {
  return `${base.replace(/^http/, 'ws')}${prefix}/api/ws`
}

function protocolsFor(options: ConnectOptions): string[] {
  if (options.protocols) return options.protocols
  return options.token ? [LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX + options.token] : [LIVE_PROTOCOL]
}

/** The HTTP status an upgrade was refused with (the server answered instead of switching protocols). */
export function refusedStatus(url: string, options: ConnectOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocolsFor(options), {
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    })
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      response.resume()
      socket.terminate()
    })
    socket.once('open', () => {
      socket.terminate()
      reject(new Error('The upgrade was accepted.'))
    })
    socket.once('error', () => undefined)
  })
}

export function connectLive(url: string, options: ConnectOptions = {}): Promise<LiveClient> {
  const socket = new WebSocket(url, protocolsFor(options), {
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  })
  const messages: LiveServerMessage[] = []
  const framesById = new Map<string, LiveFrame[]>()
  const waiters: Array<() => void> = []
  let received = 0
  socket.on('message', (data: Buffer) => {
    received++
    const message = JSON.parse(data.toString('utf8')) as LiveServerMessage
    messages.push(message)
    if (message.op === 'frames') {
      const list = framesById.get(message.id) ?? []
      for (const frame of message.frames) list.push(frame)
      framesById.set(message.id, list)
    }
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => {
      resolve({ code, reason: reason.toString() })
      for (const wake of waiters.splice(0)) wake()
    }),
  )
  const until = async (done: () => boolean): Promise<void> => {
    while (!done()) {
      if (socket.readyState === WebSocket.CLOSED) throw new Error('The live socket closed while waiting.')
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  const client: LiveClient = {
    socket,
    messages,
    get received() {
      return received
    },
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (data) => socket.send(data),
    async waitFor(match: (message: LiveServerMessage) => boolean) {
      let found: LiveServerMessage | undefined
      await until(() => (found = messages.find(match)) !== undefined)
      return found!
    },
    frames: (id) => framesById.get(id) ?? [],
    async waitForFrames(id, count) {
      await until(() => (framesById.get(id)?.length ?? 0) >= count)
      return framesById.get(id)!
    },
    closed,
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close()
      await closed
    },
  }
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client))
    socket.once('error', reject)
  })
}

/** Narrowing helpers for `waitFor`. */
export const isOp =
  <K extends LiveServerMessage['op']>(op: K, id?: string) =>
  (message: LiveServerMessage): message is Extract<LiveServerMessage, { op: K }> =>
    message.op === op && (id === undefined || ('id' in message && message.id === id))
