/**
 * What Send would post for each open pane, built on demand: the unary request panes register how they build their
 * request (draft, headers, server URL, typed-value finalizer), so a benchmark sends exactly the request Send sends.
 */
import type { InvokeRequest } from '@wirebench/core'

export interface PendingSend {
  request: InvokeRequest
  finalizeMessages: (messages: unknown[]) => unknown[]
}

/** Why the pane's request cannot be repeated now (a field the form holds Send back for, a destructive tool). */
export interface HeldSend {
  held: string
}

/** Answers the pane's request as Send would post it, or why it is held back. */
export type SendBuilder = () => PendingSend | HeldSend

const builders = new Map<string, SendBuilder>()

/** Registers the builder of the pane with this call key; returns the function that removes it again. */
export function registerSendBuilder(key: string, builder: SendBuilder): () => void {
  builders.set(key, builder)
  return () => {
    if (builders.get(key) === builder) builders.delete(key)
  }
}

export function sendBuilderFor(key: string): SendBuilder | undefined {
  return builders.get(key)
}
