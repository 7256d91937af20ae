/** Substitution sources that note each `${uuid}` and `${random}` value drawn, as the substitution writes it. */
import { defaultSystemSources } from '@wirebench/core'
import type { K6Drawn } from '@wirebench/loadrun'

export function recordingSources(drawn: K6Drawn[]): { uuid: () => string; random: () => number } {
  return {
    uuid: () => {
      const value = defaultSystemSources.uuid()
      drawn.push({ variable: 'uuid', value })
      return value
    },
    random: () => {
      const value = defaultSystemSources.random() >>> 0
      drawn.push({ variable: 'random', value: String(value) })
      return value
    },
  }
}
