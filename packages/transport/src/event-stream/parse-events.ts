/**
 * Parses a `text/event-stream` body into events, pulling one chunk at a time: the events of a chunk are handed out
 * before the next chunk is read, so a slow consumer holds the socket back instead of growing a queue.
 */
import { createParser } from 'eventsource-parser'
import type { ParseError } from 'eventsource-parser'
import { WorkbenchError } from '@wirebench/core'
import { BlockScanner } from './block-scanner.js'

export interface ServerSentEvent {
  data: string
  /** Only the fields the event carried: `event` absent means "message". */
  id?: string
  event?: string
  /** A `retry` field seen since the previous event (milliseconds). */
  retry?: number
}

export interface ParseEventsOptions {
  /** Cap on one event's buffered text (a line, or the data lines of one event), in characters. */
  maxEventBytes: number
  /** Names the source in the error a too-large event raises. */
  displayUrl: string
  /** Counts the bytes read (for bounded unary reads and size reports). */
  onBytes?(count: number): void
  /** Every `retry` field, also one in a block without data (the reconnection delay the server asks for). */
  onRetry?(ms: number): void
  /** The id of a block without data (no event is dispatched, yet it is the last event id), in order with the events. */
  onLastEventId?(id: string): void
}

type Ready = { event: ServerSentEvent } | { idOnly: string }

export const defaultMaxEventBytes = 8 * 1024 * 1024

export async function* parseEvents(
  body: AsyncIterable<Uint8Array>,
  options: ParseEventsOptions,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  let ready: Ready[] = []
  let retry: number | undefined
  let failure: WorkbenchError | undefined
  const parser = createParser({
    maxBufferSize: options.maxEventBytes,
    onEvent(message) {
      // The parser's buffer check misses an event that arrived whole inside one chunk.
      if (message.data.length > options.maxEventBytes) {
        failure ??= tooLarge(options)
        return
      }
      const event: ServerSentEvent = { data: message.data }
      if (message.id !== undefined) event.id = message.id
      if (message.event !== undefined) event.event = message.event
      if (retry !== undefined) event.retry = retry
      retry = undefined
      ready.push({ event })
    },
    onRetry(ms) {
      retry = ms
      options.onRetry?.(ms)
    },
    onError(error: ParseError) {
      // Unknown fields and bad retry values are ignored, as EventSource does; only the size cap ends the stream.
      if (error.type === 'max-buffer-size-exceeded') failure = tooLarge(options)
    },
  })
  const scanner = new BlockScanner(options.maxEventBytes)
  // The parser is fed one block at a time so an id-only block takes its place among the events it came between.
  const feed = (text: string): void => {
    let from = 0
    scanner.scan(text, (end, idOnly) => {
      parser.feed(text.slice(from, end))
      from = end
      if (idOnly !== undefined) ready.push({ idOnly })
    })
    if (from < text.length) parser.feed(from === 0 ? text : text.slice(from))
  }
  const decoder = new TextDecoder('utf-8')
  for await (const chunk of body) {
    options.onBytes?.(chunk.byteLength)
    feed(decoder.decode(chunk, { stream: true }))
    if (failure) throw failure
    if (ready.length > 0) {
      const batch = ready
      ready = []
      yield* handOut(batch, options)
    }
  }
  const rest = decoder.decode()
  if (rest !== '') feed(rest)
  // An event without its closing blank line when the stream ends is dropped, as the EventSource standard says.
  yield* handOut(ready, options)
}

function* handOut(batch: Ready[], options: ParseEventsOptions): Generator<ServerSentEvent, void, undefined> {
  for (const item of batch) {
    if ('event' in item) yield item.event
    else options.onLastEventId?.(item.idOnly)
  }
}

function tooLarge(options: ParseEventsOptions): WorkbenchError {
  return new WorkbenchError(
    'payload_too_large',
    `An event from ${options.displayUrl} is larger than ${options.maxEventBytes} bytes (or a line never ends).`,
    {
      hint: 'The stream was closed. Check that the address really serves text/event-stream; events this large are not shown.',
      details: { limitBytes: options.maxEventBytes },
    },
  )
}
