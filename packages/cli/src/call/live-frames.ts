/** Prints the frames of a server stream or channel as NDJSON while they arrive, and turns its end into an exit code. */
import type { StreamFrame } from '@wirebench/core'
import { exitCodeForStatus, exitCodes } from '../exit-codes.js'
import type { ExitCode } from '../exit-codes.js'
import { formatLine } from '../io.js'
import type { CliIo } from '../io.js'
import type { VerboseLog } from './verbose.js'

/** A message frame as one JSON document: its data, or its bytes as base64. */
export function frameDocument(frame: Extract<StreamFrame, { type: 'message' }>): unknown {
  if (frame.binary !== undefined) return { binary: frame.binary }
  return frame.data === undefined ? null : frame.data
}

/** Reads `frames` to their end; returns the exit code their end frame (or a quiet end) means. */
export async function printFrames(
  frames: AsyncIterable<StreamFrame>,
  io: CliIo,
  verbose: VerboseLog,
  /** True once the command itself ended the call (its deadline): the end frame then says nothing new. */
  isEndedByUs: () => boolean = () => false,
): Promise<ExitCode> {
  for await (const frame of frames) {
    if (frame.type === 'message') {
      io.out(formatLine(frameDocument(frame)))
      continue
    }
    verbose.frame(frame)
    if (frame.type === 'end') {
      if (isEndedByUs()) return exitCodes.ok
      if (frame.status !== 'OK')
        io.err(`wirebench: the call ended with ${frame.status}${frame.message ? `: ${frame.message}` : ''}\n`)
      return exitCodeForStatus(frame.status)
    }
  }
  return exitCodes.ok
}
