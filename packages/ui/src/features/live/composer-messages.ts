/**
 * The messages "Send" and "Send many" put on a channel: the draft, with `${…}` resolved per message by the core
 * substitution engine: the active environment's variables, system variables (`${uuid}` differs per message; they win
 * over user variables of the same name), and `${i}`, the message's number (1-based).
 */
import { substituteDeep, type SubstitutionOptions, type SystemSources } from '@wirebench/core'

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
  options: {
    scopes?: SubstitutionOptions['scopes']
    system?: Partial<SystemSources>
    /** Request chaining (`${response.…}`), read as each frame is built. */
    resolve?: SubstitutionOptions['resolve']
  } = {},
): ComposedMessages {
  const total = Math.min(MAX_SEND_MANY, Math.max(1, Math.floor(count)))
  const messages: unknown[] = []
  const unknown = new Set<string>()
  for (let i = 1; i <= total; i++) {
    const result = substituteDeep(template, {
      resolve: (name) => (name === 'i' ? String(i) : options.resolve?.(name)),
      ...(options.scopes ? { scopes: options.scopes } : {}),
      ...(options.system ? { system: options.system } : {}),
    })
    messages.push(result.value)
    for (const name of result.unknown) unknown.add(name)
  }
  return { messages, unknown: [...unknown] }
}

/** What the composer says when secret variables stayed as written because the channel's host may not receive them. */
export function withheldNote(withheld: readonly string[]): string {
  const names = withheld.map((name) => `\${${name}}`).join(', ')
  return `Left as written: ${names}. This host is not approved for the environment’s secrets (Environments → Hosts).`
}
