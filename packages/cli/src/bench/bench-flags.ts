/** `wirebench bench` flags turned into run settings and thresholds, with usage errors naming the flag at fault. */
import { WorkbenchError } from '@wirebench/core'
import { checkSettings, parseThreshold } from '@wirebench/loadrun'
import type { RunSettings, Threshold } from '@wirebench/loadrun'
import { CliFailure } from '../failure.js'
import { benchDefaults } from './bench-defaults.js'

export interface BenchFlags {
  calls?: string
  duration?: string
  concurrency?: string
  rate?: string
  warmup?: string
  threshold?: string[]
}

function number(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value)) throw CliFailure.usage(`${flag} must be a number, not "${text}".`)
  return value
}

/** The runner's setting names as this command's flags spell them. */
const flagNames: [RegExp, string][] = [
  [/^concurrency\b/, '-c'],
  [/^calls\b/, '-n'],
  [/^durationS\b/, '--duration'],
  [/^rate\b/, '--rate'],
  [/^warmup\b/, '--warmup'],
]

/** The run settings the flags ask for, checked: a bad value is a usage error naming its flag. */
export function benchSettings(flags: BenchFlags): RunSettings {
  const settings = settingsOf(flags)
  try {
    checkSettings(settings)
  } catch (error) {
    if (!WorkbenchError.is(error)) throw error
    const message = flagNames.reduce((text, [name, flag]) => text.replace(name, flag), error.message)
    // The hint says the setting too ("Set concurrency to …"): the flag to type instead.
    const hint = flagNames.reduce(
      (text, [name, flag]) => text?.replace(new RegExp(`^Set ${name.source.slice(1)}`), `Set ${flag}`),
      error.hint,
    )
    throw CliFailure.usage(message, hint)
  }
  return settings
}

function settingsOf(flags: BenchFlags): RunSettings {
  const calls = number('-n', flags.calls)
  const durationS = number('--duration', flags.duration)
  const concurrency = number('-c', flags.concurrency)
  const rate = number('--rate', flags.rate)
  const warmup = number('--warmup', flags.warmup)
  const extra = warmup !== undefined ? { warmup } : {}
  if (rate !== undefined) {
    if (calls !== undefined) throw CliFailure.usage('--rate runs for a --duration, not -n calls.')
    return {
      mode: 'open',
      rate,
      durationS: durationS ?? benchDefaults.openDurationS,
      concurrency: concurrency ?? benchDefaults.openConcurrency,
      ...extra,
    }
  }
  if (calls !== undefined && durationS !== undefined) throw CliFailure.usage('Give -n or --duration, not both.')
  const length = durationS !== undefined ? { durationS } : { calls: calls ?? benchDefaults.calls }
  return { mode: 'closed', concurrency: concurrency ?? benchDefaults.closedConcurrency, ...length, ...extra }
}

export function benchThresholds(flags: BenchFlags): Threshold[] {
  return (flags.threshold ?? []).map((expr) => {
    try {
      return parseThreshold(expr)
    } catch (error) {
      if (WorkbenchError.is(error)) throw CliFailure.usage(`--threshold: ${error.message}`, error.hint)
      throw error
    }
  })
}
