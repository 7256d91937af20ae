/** System variables (`${now}`, `${now+N}`, `${uuid}`…): resolved at substitution time, winning over user variables. */

export interface SystemSources {
  /** Current time in milliseconds since the epoch. */
  clock: () => number
  /** A random unsigned 32-bit integer. */
  random: () => number
  /** A random RFC 4122 v4 UUID. */
  uuid: () => string
}

export const defaultSystemSources: SystemSources = {
  clock: () => Date.now(),
  random: () => globalThis.crypto.getRandomValues(new Uint32Array(1))[0] ?? 0,
  uuid: () => globalThis.crypto.randomUUID(),
}

const nowOffset = /^now([+-])(\d+)$/

export const systemVariableNames = ['now', 'now+N', 'now-N', 'nowMs', 'timestamp', 'uuid', 'random'] as const

/**
 * Resolves one system variable, or returns undefined when `name` is not one.
 * `nowMs` is the clock reading shared by every placeholder of one substitution, so `iat` and `exp` agree.
 */
export function resolveSystemVariable(name: string, nowMs: number, sources: SystemSources): string | undefined {
  switch (name) {
    case 'now':
      return String(Math.floor(nowMs / 1000))
    case 'nowMs':
      return String(nowMs)
    case 'timestamp':
      return new Date(nowMs).toISOString()
    case 'uuid':
      return sources.uuid()
    case 'random':
      return String(sources.random() >>> 0)
    default: {
      const match = nowOffset.exec(name)
      if (!match) return undefined
      const seconds = Number(match[2])
      const base = Math.floor(nowMs / 1000)
      return String(match[1] === '+' ? base + seconds : base - seconds)
    }
  }
}
