/** The bash, zsh and fish completion scripts, generated from the command tree's words. */
import { flagNames, valueFlags } from './completion-words.js'
import type { CommandWords, FlagWords } from './completion-words.js'

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** What bash offers for a flag's value; an empty list turns the filename fallback off (an address is no file). */
function bashValue(flag: FlagWords): string {
  switch (flag.value) {
    case 'dir':
      return 'COMPREPLY=($(compgen -d -- "$cur")); return'
    case 'file':
      return 'COMPREPLY=($(compgen -f -- "$cur")); return'
    case 'choices':
      return `COMPREPLY=($(compgen -W ${quote((flag.choices ?? []).join(' '))} -- "$cur")); return`
    case 'text':
    case undefined:
      return 'compopt +o default 2>/dev/null; COMPREPLY=(); return'
  }
}

function bashWords(words: CommandWords): string {
  if (words.argument?.kind === 'file') return `opts=${quote(flagNames(words).join(' '))}; [[ "$cur" == -* ]] || files=1`
  const argument = words.argument?.choices ?? []
  return `opts=${quote([...words.subcommands, ...argument, ...flagNames(words)].join(' '))}`
}

export function bashScript(all: readonly CommandWords[]): string {
  const values = [...valueFlags(all)].map(([name, flag]) => `    ${name}) ${bashValue(flag)} ;;`).join('\n')
  const cases = all.map((w) => `    ${quote(w.path.join(' '))}) ${bashWords(w)} ;;`).join('\n')
  const parents = all.filter((w) => w.path.length > 0 && w.subcommands.length > 0).map((w) => w.path.join(' '))
  return `# wirebench completion for bash: eval "$(wirebench completion bash)"
_wirebench() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" word opts="" files="" i
  # The command (call, plugin install…): the words before the cursor that are neither flags nor a root flag's value.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [[ -z "$cmd" ]]; then
      case "$word" in
        ${rootValueFlags(all)}) ((i++)) ;;
        -*) ;;
        *) cmd="$word" ;;
      esac
    else
      case "$cmd" in ${parents.join('|') || '--'}) [[ "$word" != -* ]] && cmd="$cmd $word" ;; esac
    fi
  done
  case "$prev" in
${values}
  esac
  case "$cmd" in
${cases}
  esac
  if [[ -n "$files" ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _wirebench wirebench
`
}

/** Root flags that take a value: the word after one is no command. */
function rootValueFlags(all: readonly CommandWords[]): string {
  const root = all.find((w) => w.path.length === 0)
  const names = (root?.flags ?? []).filter((f) => f.value).flatMap((f) => [f.long, f.short])
  return names.filter((name): name is string => name !== undefined).join('|') || '--'
}

export function zshScript(all: readonly CommandWords[]): string {
  const values = [...valueFlags(all)]
    .map(([name, flag]) => {
      const action =
        flag.value === 'dir'
          ? '_files -/'
          : flag.value === 'file'
            ? '_files'
            : flag.value === 'choices'
              ? `compadd -- ${(flag.choices ?? []).join(' ')}`
              : ':'
      return `    ${name}) ${action}; return ;;`
    })
    .join('\n')
  const cases = all
    .map((w) => {
      const extra = w.argument?.kind === 'file' ? '; _files' : ''
      const words = [...w.subcommands, ...(w.argument?.choices ?? []), ...flagNames(w)]
      return `    ${quote(w.path.join(' '))}) compadd -- ${words.join(' ')}${extra} ;;`
    })
    .join('\n')
  return `#compdef wirebench
# wirebench completion for zsh: eval "$(wirebench completion zsh)"
_wirebench() {
  # Not "path": zsh ties that name to $PATH.
  local cmd="" word skip=""
  for word in "\${(@)words[2,CURRENT-1]}"; do
    if [[ -n "$skip" ]]; then skip=""; continue; fi
    case "$word" in
      ${rootValueFlags(all)}) [[ -z "$cmd" ]] && skip=1 ;;
      -*) ;;
      *) if [[ -z "$cmd" ]]; then cmd="$word"; elif [[ "$cmd" == plugin ]]; then cmd="plugin $word"; fi ;;
    esac
  done
  case "\${words[CURRENT-1]}" in
${values}
  esac
  case "$cmd" in
${cases}
  esac
}
compdef _wirebench wirebench
`
}

/** The fish condition under which a command's words apply (`list` alone is not `plugin list`). */
function fishCondition(words: CommandWords, all: readonly CommandWords[]): string {
  if (words.path.length === 0) return '__fish_use_subcommand'
  const [first, second] = words.path
  if (second !== undefined) return `__fish_seen_subcommand_from ${first}; and __fish_seen_subcommand_from ${second}`
  const parents = all.filter((w) => w.path.length === 1 && w.subcommands.length > 0 && w.path[0] !== first)
  const notNested = parents.map((w) => `; and not __fish_seen_subcommand_from ${w.path[0]!}`).join('')
  const notDeeper =
    words.subcommands.length > 0 ? `; and not __fish_seen_subcommand_from ${words.subcommands.join(' ')}` : ''
  return `__fish_seen_subcommand_from ${first}${notNested}${notDeeper}`
}

/** `-r -F` where the value is a path, `-x` (a value, no files) for text and choices, `-f` for a flag without one. */
function fishFlag(flag: FlagWords): string {
  const names = [flag.long ? `-l ${flag.long.slice(2)}` : '', flag.short ? `-s ${flag.short.slice(1)}` : '']
  const value =
    flag.value === 'file'
      ? '-r -F'
      : flag.value === 'dir'
        ? `-x -a '(__fish_complete_directories)'`
        : flag.value === 'choices'
          ? `-x -a ${quote((flag.choices ?? []).join(' '))}`
          : flag.value === 'text'
            ? '-x'
            : '-f'
  const first = flag.description.split(';')[0]!.replace(/\s+/g, ' ')
  const description = first.length > 60 ? `${first.slice(0, 59)}…` : first
  return [...names.filter(Boolean), value, `-d ${quote(description)}`].join(' ')
}

export function fishScript(all: readonly CommandWords[]): string {
  const lines = ['# wirebench completion for fish: wirebench completion fish | source', 'complete -c wirebench -f']
  for (const words of all) {
    const condition = `-n ${quote(fishCondition(words, all))}`
    if (words.subcommands.length > 0)
      lines.push(`complete -c wirebench ${condition} -a ${quote(words.subcommands.join(' '))}`)
    if (words.argument?.choices)
      lines.push(`complete -c wirebench ${condition} -a ${quote(words.argument.choices.join(' '))}`)
    if (words.argument?.kind === 'file') lines.push(`complete -c wirebench ${condition} -F`)
    for (const flag of words.flags) lines.push(`complete -c wirebench ${condition} ${fishFlag(flag)}`)
  }
  return `${lines.join('\n')}\n`
}
