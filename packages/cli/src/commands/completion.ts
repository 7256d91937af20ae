/** `wirebench completion bash|zsh|fish`: a completion script for the shell, generated from the command tree. */
import { Command } from 'commander'
import { CliFailure } from '../failure.js'
import type { CliIo } from '../io.js'

interface CommandWords {
  name: string
  flags: string[]
}

function wordsOf(program: Command): { root: string[]; commands: CommandWords[] } {
  const flagsOf = (command: Command) =>
    command.options.flatMap((o) => [o.long, o.short]).filter((f): f is string => typeof f === 'string')
  return {
    root: [...flagsOf(program), '--help'],
    commands: program.commands.map((c) => ({ name: c.name(), flags: [...flagsOf(c), '--help'] })),
  }
}

function bash(words: ReturnType<typeof wordsOf>): string {
  const cases = words.commands.map((c) => `    ${c.name}) opts="${c.flags.join(' ')}" ;;`).join('\n')
  return `# wirebench completion for bash: eval "$(wirebench completion bash)"
_wirebench() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" sub="" opts
  local i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) sub="\${COMP_WORDS[i]}"; break ;; esac
  done
  case "$sub" in
${cases}
    *) opts="${words.commands.map((c) => c.name).join(' ')} ${words.root.join(' ')}" ;;
  esac
  case "$sub" in completion) opts="bash zsh fish" ;; esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _wirebench wirebench
`
}

function zsh(words: ReturnType<typeof wordsOf>): string {
  const cases = words.commands.map((c) => `    ${c.name}) compadd -- ${c.flags.join(' ')} ;;`).join('\n')
  return `#compdef wirebench
# wirebench completion for zsh: eval "$(wirebench completion zsh)"
_wirebench() {
  if (( CURRENT == 2 )); then
    compadd -- ${words.commands.map((c) => c.name).join(' ')} ${words.root.join(' ')}
    return
  fi
  case "\${words[2]}" in
    completion) compadd -- bash zsh fish ;;
${cases}
  esac
  _files
}
compdef _wirebench wirebench
`
}

function fish(words: ReturnType<typeof wordsOf>): string {
  const names = words.commands.map((c) => c.name).join(' ')
  const lines = [
    '# wirebench completion for fish: wirebench completion fish | source',
    'complete -c wirebench -f',
    `complete -c wirebench -n "not __fish_seen_subcommand_from ${names}" -a "${names}"`,
    ...words.commands.map((c) => {
      const about = c.name === 'completion' ? ' -a "bash zsh fish"' : ''
      const longs = c.flags.filter((f) => f.startsWith('--')).map((f) => `-l ${f.slice(2)}`)
      return `complete -c wirebench -n "__fish_seen_subcommand_from ${c.name}"${about} ${longs.join(' ')}`.trimEnd()
    }),
  ]
  return `${lines.join('\n')}\n`
}

const shells = { bash, zsh, fish } as const

export function completionCommand(io: CliIo, program: () => Command): Command {
  return new Command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText(
      'after',
      `\nInstall:\n  bash  echo 'eval "$(wirebench completion bash)"' >> ~/.bashrc\n  zsh   echo 'eval "$(wirebench completion zsh)"' >> ~/.zshrc\n  fish  wirebench completion fish > ~/.config/fish/completions/wirebench.fish`,
    )
    .action((shell: string) => {
      if (!Object.hasOwn(shells, shell))
        throw CliFailure.usage(`No completion for "${shell}".`, 'Choose bash, zsh or fish.')
      io.out(shells[shell as keyof typeof shells](wordsOf(program())))
    })
}
