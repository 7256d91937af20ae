/**
 * The messages "Send" and "Send many" put on a channel: the draft, with `${…}` resolved per message by the core
 * substitution engine (system variables such as `${uuid}` differ per message; `${i}` is the message's number, 1-based).
 */
import { substituteDeep, type SystemSources } from '@wirebench/core'

/** Send many sends at most this many messages per click (the channel and the log stay responsive). */
export const MAX_SEND_MANY = 10_000

export interface ComposedMessages {
  messages: unknown[]
  /** Variable names that resolved to nothing (left visible in the messages as `${name}`). */
  unknown: string[]
}

export function composeMessages(
  template: unknown,
  count: number,
  options: { system?: Partial<SystemSources> } = {},
): ComposedMessages {
  const total = Math.min(MAX_SEND_MANY, Math.max(1, Math.floor(count)))
  const messages: unknown[] = []
  const unknown = new Set<string>()
  for (let i = 1; i <= total; i++) {
    const result = substituteDeep(template, {
      resolve: (name) => (name === 'i' ? String(i) : undefined),
      ...(options.system ? { system: options.system } : {}),
    })
    messages.push(result.value)
    for (const name of result.unknown) unknown.add(name)
  }
  return { messages, unknown: [...unknown] }
}
