/** `wirebench frob`: the word is no command; the failure names the commands and the nearest one. */
import { CliFailure } from './failure.js'

/** Optimal string alignment distance: a typo's insertions, deletions, substitutions and swapped neighbours. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i || j))
  const at = (i: number, j: number) => rows[i]![j]!
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      rows[i]![j] = best
    }
  }
  return at(a.length, b.length)
}

/** The command closest to `word`, when it is close enough to be a typo of it (or `word` starts it). */
export function nearestCommand(word: string, commands: readonly string[]): string | undefined {
  const lower = word.toLowerCase()
  const prefixed = commands.filter((name) => lower.length >= 2 && name.startsWith(lower))
  if (prefixed.length === 1) return prefixed[0]
  let best: { name: string; distance: number } | undefined
  for (const name of commands) {
    const distance = editDistance(lower, name)
    // A third of the word may be wrong: `lsit` is list, `frob` is nothing.
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (!best || distance < best.distance)) {
      best = { name, distance }
    }
  }
  return best?.name
}

export function unknownCommand(word: string, commands: readonly string[]): CliFailure {
  const nearest = nearestCommand(word, commands)
  return CliFailure.usage(
    `unknown command '${word}'.${nearest ? ` Did you mean '${nearest}'?` : ''}`,
    `Commands: ${commands.join(', ')} (wirebench <command> --help for each; wirebench alone starts the workbench).`,
  )
}
