/** Prints the frames of a server stream or channel as NDJSON while they arrive, and turns its end into an exit code. */
import type { StreamFrame } from '@wirebench/core'
import { exitCodeForStatus, exitCodes } from '../exit-codes.js'
import type { ExitCode } from '../exit-codes.js'
import { formatLine } from '../io.js'
import type { CliIo } from '../io.js'
import type { VerboseLog } from './verbose.js'

type MessageFrame = Extract<StreamFrame, { type: 'message' }>

/** One line of a live call's output. */
export interface FrameLine {
  data: unknown
  /** Base64 of a binary payload (WebSocket binary frames). */
  binary?: string
  /** What the protocol says about the frame: SignalR kind, target and invocation id, SSE id and event, WebSocket opcode… */
  meta?: Record<string, unknown>
}

/**
 * A message frame as one JSON document of the same shape for every protocol, so a script reads `.data` whatever it
 * calls, and a stream whose frames only sometimes carry meta (an SSE event with or without an id) keeps one shape.
 */
export function frameDocument(frame: MessageFrame): FrameLine {
  const line: FrameLine = { data: frame.data === undefined ? null : frame.data }
  if (frame.binary !== undefined) line.binary = frame.binary
  if (frame.meta !== undefined && Object.keys(frame.meta).length > 0) line.meta = frame.meta
  return line
}

/** A frame reporting that something the call sent failed (a SignalR invocation's completion with an error). */
function failureOf(frame: MessageFrame): string | undefined {
  const error = frame.meta?.['error']
  if (error === undefined || error === null || error === false) return undefined
  const id = frame.meta?.['invocationId']
  const text = typeof error === 'string' ? error : JSON.stringify(error)
  return typeof id === 'string' ? `invocation ${id} failed: ${text}` : text
}

export interface FramePrinting {
  io: CliIo
  verbose: VerboseLog
  /** True once the command itself ended the call (its deadline): the end frame then says nothing new. */
  isEndedByUs?: () => boolean
  /**
   * Counts frames reporting a failure. A failed invocation inside a connection does not end it, yet makes the
   * command's outcome not OK, also when the command ends the connection itself.
   */
  failures?: { count: number }
  /** Told of every frame as it is read (the last message and the end feed chaining and assertions). */
  onFrame?: (frame: StreamFrame) => void
}

/** Reads `frames` to their end; returns the exit code their end frame (or a quiet end) means. */
export async function printFrames(frames: AsyncIterable<StreamFrame>, printing: FramePrinting): Promise<ExitCode> {
  const { io, verbose, isEndedByUs = () => false } = printing
  const failures = printing.failures ?? { count: 0 }
  for await (const frame of frames) {
    printing.onFrame?.(frame)
    if (frame.type === 'message') {
      io.out(formatLine(frameDocument(frame)))
      const failure = failureOf(frame)
      if (failure !== undefined) {
        failures.count++
        io.err(`wirebench: ${failure}\n`)
      }
      continue
    }
    verbose.frame(frame)
    if (frame.type === 'end') {
      if (frame.status !== 'OK' && !isEndedByUs())
        io.err(`wirebench: the call ended with ${frame.status}${frame.message ? `: ${frame.message}` : ''}\n`)
      if (failures.count > 0) return exitCodes.notOk
      return isEndedByUs() ? exitCodes.ok : exitCodeForStatus(frame.status)
    }
  }
  return failures.count > 0 ? exitCodes.notOk : exitCodes.ok
}
