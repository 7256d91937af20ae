/** How the host reaches a sidecar: a child process on stdio, or an HTTP endpoint with an SSE stream. */
import type { WorkbenchError } from '@wirebench/core'

/** How a sidecar process ended (or an http sidecar was lost). */
export interface ExitInfo {
  code: number | null
  signal: string | null
  /** Why, when it is not a plain exit: the program could not be started, the connection broke, a limit was passed. */
  reason?: string
}

export interface TransportEvents {
  /** A parsed JSON value from the sidecar (a response or a notification; the connection sorts them). */
  message(value: unknown): void
  /** A line that is not JSON: logged and skipped. */
  malformed(detail: string): void
  /** The sidecar broke a limit it cannot recover from (a line over the cap): the host stops it with this error. */
  fatal(error: WorkbenchError): void
  /** The process ended or the endpoint went away; called once. */
  exit(info: ExitInfo): void
}

export interface SidecarTransport {
  readonly kind: 'stdio' | 'http'
  /** The process id (stdio) once started. */
  readonly pid?: number | undefined
  start(events: TransportEvents): Promise<void>
  /** Writes one JSON-RPC message. An http sidecar's reply arrives through `events.message`. */
  send(message: object): Promise<void>
  /** Stops reading from the sidecar (flow control); its writes then block once the pipe or socket is full. */
  pause(): void
  resume(): void
  /** Ends the sidecar: waits up to `graceMs` for it to exit on its own, then kills its whole process group. */
  stop(graceMs: number): Promise<void>
  /** The last lines the sidecar wrote to stderr (stdio). */
  stderrTail(): string[]
}
