/** The chat's slash commands: `/nick`, `/who`, `/ping`, `/binary`, `/close`, `/help`. */
import type { WebSocket } from 'ws'
import { chatLimits } from './limits.js'

export const chatHelp =
  'Send text to chat with everyone (you get an echo). Commands: /nick NAME, /who, /ping [TEXT] (the server pings you), ' +
  '/binary [BYTES] (the server sends a binary frame), /close [CODE] [REASON] (the server closes), /help. ' +
  'Binary frames are echoed back.'

export interface ChatMember {
  ws: WebSocket
  name: string
}

export interface CommandContext {
  member: ChatMember
  members: () => ChatMember[]
  send: (member: ChatMember, message: object) => void
  broadcast: (message: object, except?: ChatMember) => void
}

/** Codes a client may ask the server to close with: the common ones and the application range. */
function closeCode(text: string | undefined): number {
  const code = Number(text)
  return [1000, 1001, 1003, 1008, 1011].includes(code) || (code >= 3000 && code <= 4999) ? code : 1000
}

/** The first `maxBytes` of `text` as UTF-8, cut on a character boundary (ws throws on longer pings and close reasons). */
export function utf8Prefix(text: string, maxBytes: number): Buffer {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length <= maxBytes) return bytes
  let end = maxBytes
  // Continuation bytes look like 10xxxxxx; stepping back over them lands on the start of a character.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--
  return bytes.subarray(0, end)
}

function binaryReply(text: string | undefined): Buffer {
  const size = Math.min(Math.max(Number.parseInt(text ?? '16', 10) || 16, 1), chatLimits.maxBinaryReplyBytes)
  return Buffer.from(Array.from({ length: size }, (_, index) => index % 256))
}

export function runCommand(line: string, context: CommandContext): void {
  const { member, send } = context
  const [first, ...args] = line.trim().split(/\s+/)
  const command = first ?? ''
  switch (command) {
    case '/nick': {
      const name = args[0] ?? ''
      const pattern = new RegExp(`^[\\w.-]{1,${chatLimits.maxNameLength}}$`)
      if (!pattern.test(name)) {
        return send(member, {
          type: 'error',
          message: `Names are 1-${chatLimits.maxNameLength} letters, digits, . _ -`,
        })
      }
      const from = member.name
      member.name = name
      send(member, { type: 'nick', name })
      return context.broadcast({ type: 'renamed', from, to: name }, member)
    }
    case '/who':
      return send(member, { type: 'who', names: context.members().map((m) => m.name) })
    case '/ping':
      return member.ws.ping(utf8Prefix(args.join(' ') || 'ping from the demo', chatLimits.maxPingBytes))
    case '/binary':
      return member.ws.send(binaryReply(args[0]), { binary: true })
    case '/close':
      return member.ws.close(
        closeCode(args[0]),
        utf8Prefix(args.slice(1).join(' ') || 'Closed on request', chatLimits.maxCloseReasonBytes),
      )
    case '/help':
      return send(member, { type: 'help', message: chatHelp })
    default:
      return send(member, { type: 'error', message: `Unknown command ${command}; try /help.` })
  }
}
