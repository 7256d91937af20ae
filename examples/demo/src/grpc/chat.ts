/** Chat: a bidirectional stream that echoes each message with the server's time and lets a small bot answer. */
import type { ServerDuplexStream } from '@grpc/grpc-js'
import { writePaced } from './backpressure.js'
import type { ChatMessage } from './messages.js'
import { ChatRole, StationStatus, secondsOf } from './messages.js'
import type { StationStore } from './stations.js'

const maxTextLength = 4096
const statusNames: Record<number, string> = {
  [StationStatus.ONLINE]: 'online',
  [StationStatus.DEGRADED]: 'degraded',
  [StationStatus.OFFLINE]: 'offline',
}

function botReply(text: string, stations: StationStore): string {
  const lower = text.toLowerCase()
  const online = stations.list(StationStatus.ONLINE)
  const mentioned = /\bst-[a-z0-9-]+/.exec(lower)?.[0]
  if (mentioned) {
    const station = stations.get(mentioned)
    if (!station) return `I do not know ${mentioned}. Try st-harbor, st-ridge, st-airport or st-valley.`
    return `${station.name} (${station.id}) is ${statusNames[station.status] ?? 'in an unknown state'} with ${station.sensors.length} sensors.`
  }
  if (/\b(hi|hello|hey)\b/.test(lower)) return 'Hello! Ask me about a station, e.g. "how is st-ridge?"'
  if (lower.includes('online')) return `${online.length} stations are online: ${online.map((s) => s.id).join(', ')}.`
  return `Noted. ${online.length} stations are online right now; ask "how is st-harbor?" for details.`
}

export function chat(call: ServerDuplexStream<ChatMessage, ChatMessage>, stations: StationStore): void {
  let received = 0
  call.on('data', (message: ChatMessage) => {
    received++
    const text = message.text.slice(0, maxTextLength)
    const author = message.author || 'you'
    writePaced(call, {
      author,
      text,
      role: ChatRole.ECHO,
      sentAt: secondsOf(Date.now()),
      attributes: message.attributes,
    })
    if (text.trim().endsWith('?') || received % 3 === 0) {
      const reply = botReply(text, stations)
      writePaced(call, {
        author: 'station-bot',
        text: reply,
        role: ChatRole.BOT,
        sentAt: secondsOf(Date.now()),
        attributes: {},
      })
    }
  })
  call.once('end', () => call.end())
}
