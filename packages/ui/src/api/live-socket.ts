/**
 * The tab's one WebSocket to `{prefix}/api/ws`: opened lazily on the first live call, multiplexing calls by id, typed
 * both ways (`LiveClientMessage` out, `LiveServerMessage` in). When it drops, every call registered on it is told the
 * connection was lost, and the next call opens a new socket.
 */
import {
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  type LiveClientMessage,
  type LiveServerMessage,
  type Problem,
} from '@wirebench/core'

/** The part of the browser's WebSocket this client uses (so tests can hand in another implementation). */
export interface WebSocketLike {
  readonly readyState: number
  readonly protocol: string
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onerror: ((event: unknown) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
}

export type CreateSocket = (url: string, protocols: string[]) => WebSocketLike

/** What a call registered on the socket hears about. */
export interface LiveCallListener {
  onMessage: (message: LiveServerMessage) => void
  /** The socket closed or never opened: the call is over, whatever the server thinks. */
  onConnectionLost: (problem: Problem) => void
}

export interface LiveSocketOptions {
  /** Absolute ws: or wss: URL of the live endpoint. */
  url: string
  getToken: () => string | null
  createSocket?: CreateSocket
  /** Server messages that name no call (or an unknown one): protocol errors worth showing once. */
  onUnroutedMessage?: (message: LiveServerMessage) => void
}

export interface LiveSocket {
  /** A new call id, unique for the life of this client. */
  nextId: () => string
  /** Routes the messages of call `id` to `listener` until `release(id)`. */
  register: (id: string, listener: LiveCallListener) => void
  release: (id: string) => void
  /** Sends now, or after the socket opens (opening it when needed). */
  send: (message: LiveClientMessage) => void
  /** Opens the socket when it is not open or opening (for the page-wide messages, which no call asks for). */
  connect: () => void
  /** Closes the socket on purpose: registered calls are told the connection was lost. */
  close: () => void
  readonly isOpen: boolean
}

const OPEN = 1
const CLOSED = 3

/** `{prefix}/api/ws` on the page's own origin, ws: or wss: as the page is http: or https:. */
export function liveSocketUrl(prefix: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${location.host}${prefix}/api/ws`
}

/** The subprotocols offered: the live protocol, plus the session token as its own entry (never in the URL). */
export function liveSubprotocols(token: string | null): string[] {
  return token ? [LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX + token] : [LIVE_PROTOCOL]
}

export function connectionLostProblem(detail: string): Problem {
  return {
    type: 'urn:wirebench:problem:upstream_unreachable',
    title: 'Connection lost',
    status: 0,
    detail,
    code: 'upstream_unreachable',
    hint: 'The live connection to the workbench closed. Check that the wirebench command is still running, then start the call again.',
  }
}

function isServerMessage(value: unknown): value is LiveServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as { op?: unknown }).op === 'string'
}

const defaultCreateSocket: CreateSocket = (url, protocols) => new WebSocket(url, protocols) as WebSocketLike

export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const createSocket = options.createSocket ?? defaultCreateSocket
  const listeners = new Map<string, LiveCallListener>()
  let socket: WebSocketLike | null = null
  let wasOpened = false
  let pending: string[] = []
  let counter = 0

  const loseAll = (problem: Problem) => {
    const lost = [...listeners.values()]
    listeners.clear()
    for (const listener of lost) listener.onConnectionLost(problem)
  }

  const detach = (closing: WebSocketLike) => {
    closing.onopen = closing.onmessage = closing.onclose = closing.onerror = null
  }

  const open = (): WebSocketLike => {
    wasOpened = false
    const next = createSocket(options.url, liveSubprotocols(options.getToken()))
    next.onopen = () => {
      if (socket !== next) return
      wasOpened = true
      const queued = pending
      pending = []
      for (const data of queued) next.send(data)
    }
    next.onmessage = (event) => {
      if (socket !== next || typeof event.data !== 'string') return
      let message: unknown
      try {
        message = JSON.parse(event.data)
      } catch {
        return
      }
      if (!isServerMessage(message)) return
      const listener = 'id' in message && message.id !== undefined ? listeners.get(message.id) : undefined
      if (listener) listener.onMessage(message)
      else options.onUnroutedMessage?.(message)
    }
    next.onclose = (event) => {
      if (socket !== next) return
      socket = null
      pending = []
      detach(next)
      const detail = wasOpened
        ? `The socket closed (code ${event.code}${event.reason ? `: ${event.reason}` : ''}).`
        : 'The live connection could not be opened (the server refused it or is not running).'
      loseAll(connectionLostProblem(detail))
    }
    // Errors are always followed by a close event, which does the cleanup.
    next.onerror = () => undefined
    return next
  }

  return {
    nextId: () => `c${(++counter).toString(36)}`,
    register: (id, listener) => listeners.set(id, listener),
    release: (id) => listeners.delete(id),
    send: (message) => {
      const data = JSON.stringify(message)
      if (!socket || socket.readyState === CLOSED) socket = open()
      if (socket.readyState === OPEN && wasOpened) socket.send(data)
      else pending.push(data)
    },
    connect: () => {
      if (!socket || socket.readyState === CLOSED) socket = open()
    },
    close: () => {
      const closing = socket
      if (!closing) return
      socket = null
      pending = []
      detach(closing)
      closing.close(1000, 'closed by the page')
      loseAll(connectionLostProblem('The page closed the live connection.'))
    },
    get isOpen() {
      return socket !== null && socket.readyState === OPEN
    },
  }
}
