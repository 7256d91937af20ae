/**
 * `wirebench call … | head -1` closes the pipe while a stream is still printing. Writing to a closed pipe fails with
 * EPIPE on the stream's 'error' event; with no listener Node crashes with a stack trace and exit 1. A reader that has
 * gone means there is nobody left to print for: the command stops quietly with 0, the Unix convention (what `yes |
 * head -1` does, short of the signal). Any other output error still ends the process with a one-line reason.
 */
export function stopQuietlyWhenPipeCloses(
  stream: NodeJS.WriteStream,
  exit: (code: number) => void,
  report: (line: string) => void,
): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') report(`wirebench: cannot write the output (${error.message}).\n`)
    exit(error.code === 'EPIPE' ? 0 : 1)
  })
}
