/** `wirebench completion bash|zsh|fish`: a completion script for the shell, generated from the command tree. */
import { Command } from 'commander'
import { commandWords } from '../completion/completion-words.js'
import { bashScript, fishScript, zshScript } from '../completion/shell-scripts.js'
import { CliFailure } from '../failure.js'
import type { CliIo } from '../io.js'

const shells = { bash: bashScript, zsh: zshScript, fish: fishScript } as const

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
      io.out(shells[shell as keyof typeof shells](commandWords(program())))
    })
}
