/** A command that cannot go on: the one-line reason, the hint the server would have shown, and the exit code. */
import { WorkbenchError } from '@wirebench/core'
import { exitCodeForError, exitCodes } from './exit-codes.js'
import type { ExitCode } from './exit-codes.js'

export class CliFailure extends Error {
  override readonly name = 'CliFailure'
  readonly exitCode: ExitCode
  readonly hint?: string

  constructor(exitCode: ExitCode, message: string, hint?: string) {
    super(message)
    this.exitCode = exitCode
    if (hint) this.hint = hint
  }

  /** A failure for anything thrown: WorkbenchErrors keep their message and hint and map their code. */
  static from(error: unknown): CliFailure {
    if (error instanceof CliFailure) return error
    const problem = WorkbenchError.from(error)
    return new CliFailure(exitCodeForError(problem.code), problem.message, problem.hint)
  }

  /** The same failure with its reason and hint passed through `word` (the command line's wording). */
  inWords(word: (text: string) => string): CliFailure {
    return new CliFailure(this.exitCode, word(this.message), this.hint === undefined ? undefined : word(this.hint))
  }

  static usage(message: string, hint?: string): CliFailure {
    return new CliFailure(exitCodes.usage, message, hint)
  }
}

/** `wirebench: <reason>` and, indented under it, what to do. */
export function renderFailure(failure: CliFailure): string {
  const reason = failure.message.replace(/\s*\n\s*/g, ' ')
  return `wirebench: ${reason}\n${failure.hint ? `  ${failure.hint}\n` : ''}`
}
