/** What the completion scripts offer, read from the command tree: each command's visible flags and what their values are. */
import type { Command, Option } from 'commander'

/** What a flag's value is, as a shell completes it: a file, a directory, one of a few words, or text it cannot guess. */
export type ValueKind = 'file' | 'dir' | 'choices' | 'text'

export interface FlagWords {
  long?: string
  short?: string
  /** Absent: the flag takes no value. */
  value?: ValueKind
  choices?: readonly string[]
  description: string
}

export interface CommandWords {
  /** `[]` for the root, `['call']`, `['plugin', 'install']`. */
  path: string[]
  flags: FlagWords[]
  subcommands: string[]
  /** Words its first argument takes (`completion bash|zsh|fish`); files when it names a path. */
  argument?: { kind: ValueKind; choices?: readonly string[] }
}

/** `<dir>`/`<file>` in a flag's value name say which; anything else is text (an address, a number, JSON). */
function valueKind(option: Option): ValueKind | undefined {
  if (!option.required && !option.optional) return undefined
  if (option.argChoices) return 'choices'
  const name = /<([^>]+)>|\[([^\]]+)\]/.exec(option.flags)
  const text = name?.[1] ?? name?.[2] ?? ''
  if (/^dir\b/.test(text)) return 'dir'
  if (/^file\b/.test(text)) return 'file'
  return 'text'
}

function flagWords(option: Option): FlagWords {
  const words: FlagWords = { description: option.description }
  if (option.long) words.long = option.long
  if (option.short) words.short = option.short
  const kind = valueKind(option)
  if (kind) words.value = kind
  if (option.argChoices) words.choices = option.argChoices
  return words
}

const help: FlagWords = { long: '--help', short: '-h', description: 'display help' }

const argumentWords: Record<string, CommandWords['argument']> = {
  completion: { kind: 'choices', choices: ['bash', 'zsh', 'fish'] },
  'plugin install': { kind: 'file' },
}

/** Every command that completes something, root first; hidden flags (`--ui-dir`) are left out. */
export function commandWords(program: Command): CommandWords[] {
  const walk = (command: Command, path: string[]): CommandWords[] => {
    const flags = [...command.options.filter((option) => !option.hidden).map(flagWords), help]
    const words: CommandWords = { path, flags, subcommands: command.commands.map((c) => c.name()) }
    const argument = argumentWords[path.join(' ')]
    if (argument) words.argument = argument
    return [words, ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()]))]
  }
  return walk(program, [])
}

/** The flag names of a command (long and short). */
export function flagNames(words: CommandWords): string[] {
  return words.flags.flatMap((flag) => [flag.long, flag.short]).filter((name): name is string => name !== undefined)
}

/** Every flag name that takes a value, by what the value is (the same name means the same kind in every command). */
export function valueFlags(all: readonly CommandWords[]): Map<string, FlagWords> {
  const flags = new Map<string, FlagWords>()
  for (const words of all) {
    for (const flag of words.flags) {
      if (!flag.value) continue
      for (const name of [flag.long, flag.short]) if (name && !flags.has(name)) flags.set(name, flag)
    }
  }
  return flags
}
