/** The chat room: welcomes each client, echoes to the sender, broadcasts to the others, runs commands. */
import type { RawData, WebSocket } from 'ws'
import type { ChatMember } from './commands.js'
import { chatHelp, runCommand } from './commands.js'
import { chatLimits } from './limits.js'

export interface ChatRoom {
  readonly size: number
  join(ws: WebSocket): void
  /** Sends every client close 1001 and resolves when they are gone (cut after a short grace). */
  closeAll(): Promise<void>
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}

export function createChatRoom(): ChatRoom {
  const members = new Set<ChatMember>()
  let joined = 0
  // Skipping a client that is not reading keeps the server's memory bounded whatever the clients do.
  const deliver = (member: ChatMember, data: string | Buffer): void => {
    if (member.ws.readyState !== member.ws.OPEN || member.ws.bufferedAmount > chatLimits.maxBufferedBytes) return
    member.ws.send(data)
  }
  const send = (member: ChatMember, message: object): void => deliver(member, JSON.stringify(message))
  const broadcast = (message: object, except?: ChatMember): void => {
    const text = JSON.stringify(message)
    for (const other of members) if (other !== except) deliver(other, text)
  }
  const heartbeat = setInterval(() => {
    for (const member of members) member.ws.ping('heartbeat')
  }, chatLimits.heartbeatMs)
  heartbeat.unref()

  function receive(member: ChatMember, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      const bytes = toBuffer(data)
      deliver(member, bytes)
      return broadcast({ type: 'binary', from: member.name, bytes: bytes.length }, member)
    }
    const text = toBuffer(data).toString('utf8')
    if (text.startsWith('/')) return runCommand(text, { member, members: () => [...members], send, broadcast })
    const at = new Date().toISOString()
    send(member, { type: 'echo', text, at })
    broadcast({ type: 'chat', from: member.name, text, at }, member)
  }

  return {
    get size() {
      return members.size
    },
    join(ws) {
      const member: ChatMember = { ws, name: `guest-${++joined}` }
      members.add(member)
      let windowStart = Date.now()
      let inWindow = 0
      ws.on('message', (data, isBinary) => {
        const now = Date.now()
        if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0]
        if (++inWindow > chatLimits.maxMessagesPerSecond) {
          return ws.close(1008, `Too many messages (at most ${chatLimits.maxMessagesPerSecond} per second)`)
        }
        try {
          receive(member, data, isBinary)
        } catch {
          // A throw out of a listener would end the workbench the demo runs in; this client's session ends instead.
          ws.close(1011, 'The demo could not handle that message')
        }
      })
      // ws reports oversized frames and protocol errors here, then closes the socket itself (1009, 1002).
      ws.on('error', () => undefined)
      ws.once('close', () => {
        members.delete(member)
        broadcast({ type: 'left', name: member.name, online: members.size })
      })
      send(member, {
        type: 'welcome',
        you: member.name,
        subprotocol: ws.protocol === '' ? null : ws.protocol,
        online: members.size,
        help: chatHelp,
      })
      broadcast({ type: 'joined', name: member.name, online: members.size }, member)
    },
    async closeAll() {
      clearInterval(heartbeat)
      const gone = [...members].map(
        ({ ws }) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve()
            ws.once('close', () => resolve())
            ws.close(1001, 'Demo shutting down')
            setTimeout(() => ws.terminate(), chatLimits.closeGraceMs).unref()
          }),
      )
      await Promise.all(gone)
    },
  }
}
