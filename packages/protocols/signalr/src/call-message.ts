/**
 * Reads a call message: the invocation (`target`, `arguments`) and the connection options (`transport`, `protocol`,
 * `skipNegotiation`, keep-alive and server timeout; for `connection` also `subscribe`, `showPings`, `reconnect`).
 * A bad field is an `invalid_request` naming it and saying what it takes.
 */
import { WorkbenchError } from '@wirebench/core'
import { defaultKeepAliveMs, defaultServerTimeoutMs, hubProtocols, transports } from './types.js'
import type { ConnectionChoice, HubProtocolChoice, Invocation, SessionChoice, TransportChoice } from './types.js'

type Fields = Record<string, unknown>

const invocationFields = new Set(['target', 'arguments'])

/** The refusal of one field: the invocation's fields show a whole message; an option can be left at its default. */
function bad(field: string, what: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `Field ${field} ${what}.`, {
    hint: invocationFields.has(field)
      ? 'A hub call message looks like {"target": "SendMessage", "arguments": ["ada", "hello"]}.'
      : `Leave ${field} out to use its default.`,
  })
}

export function asFields(message: unknown, what = 'The call message'): Fields {
  if (message === undefined || message === null) return {}
  if (typeof message !== 'object' || Array.isArray(message)) {
    throw new WorkbenchError('invalid_request', `${what} must be a JSON object.`, {
      hint: 'Write {"target": "MethodName", "arguments": [ … ]}.',
    })
  }
  return message as Fields
}

function choice<T extends string>(fields: Fields, name: string, allowed: readonly T[], fallback: T): T {
  const value = fields[name]
  if (value === undefined || value === null || value === '') return fallback
  const found = allowed.find((option) => typeof value === 'string' && option.toLowerCase() === value.toLowerCase())
  if (!found) throw bad(name, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`)
  return found
}

function flag(fields: Fields, name: string, fallback: boolean): boolean {
  const value = fields[name]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'boolean') throw bad(name, 'must be true or false')
  return value
}

function millis(fields: Fields, name: string, fallback: number): number {
  const value = fields[name]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value > 3_600_000) {
    throw bad(name, 'must be a whole number of milliseconds between 100 and 3600000')
  }
  return value
}

export function readConnection(fields: Fields): ConnectionChoice {
  const transport: TransportChoice = choice(fields, 'transport', transports, 'auto')
  const protocol: HubProtocolChoice = choice(fields, 'protocol', hubProtocols, 'json')
  const skipNegotiation = flag(fields, 'skipNegotiation', false)
  if (skipNegotiation && transport !== 'WebSockets') {
    throw bad(
      'skipNegotiation',
      'works only with the WebSockets transport (set transport to WebSockets, or turn it off)',
    )
  }
  if (transport === 'ServerSentEvents' && protocol === 'messagepack') {
    throw bad('protocol', 'cannot be messagepack over ServerSentEvents: that transport carries text only (use json)')
  }
  const keepAliveIntervalMs = millis(fields, 'keepAliveIntervalMs', defaultKeepAliveMs)
  // The server timeout pairs with the HUB's keep-alive (its pings), which the client cannot know; the client's own
  // keep-alive is how often it pings the hub, unrelated, so the two are not checked against each other.
  const serverTimeoutMs = millis(fields, 'serverTimeoutMs', defaultServerTimeoutMs)
  return { transport, protocol, skipNegotiation, keepAliveIntervalMs, serverTimeoutMs }
}

export function readInvocation(fields: Fields): Invocation {
  const target = fields['target']
  if (typeof target !== 'string' || target.trim() === '') {
    throw bad('target', 'must name the hub method to invoke, e.g. "SendMessage"')
  }
  const args = fields['arguments']
  if (args !== undefined && args !== null && !Array.isArray(args)) {
    throw bad('arguments', 'must be a JSON array of the method’s arguments, in order')
  }
  return { target: target.trim(), arguments: (args as unknown[] | undefined | null) ?? [] }
}

export function readSession(fields: Fields): SessionChoice {
  const subscribe = fields['subscribe']
  if (subscribe !== undefined && subscribe !== null) {
    if (!Array.isArray(subscribe) || subscribe.some((item) => typeof item !== 'string')) {
      throw bad('subscribe', 'must be a list of server-to-client method names (empty shows every one)')
    }
  }
  return {
    ...readConnection(fields),
    subscribe: ((subscribe as string[] | undefined | null) ?? []).map((s) => s.trim()).filter((s) => s !== ''),
    showPings: flag(fields, 'showPings', false),
    reconnect: flag(fields, 'reconnect', false),
  }
}

/** What a `connection` channel message asks for: an invocation, sent as `invoke` (default), `send` or `stream`. */
export interface ChannelCommand {
  kind: 'invoke' | 'send' | 'stream'
  invocation: Invocation
}

export function readCommand(message: unknown): ChannelCommand {
  const fields = asFields(message, 'A connection message')
  const kind = choice(fields, 'type', ['invoke', 'send', 'stream'] as const, 'invoke')
  return { kind, invocation: readInvocation(fields) }
}
