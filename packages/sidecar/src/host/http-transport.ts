/**
 * The http transport: JSON-RPC requests POSTed to the manifest's `url` (the reply in the body), notifications from one
 * long-lived `GET url` answered as `text/event-stream` (one message per event). The workbench does not run an http
 * sidecar, so stopping it only drops the connections; losing the event stream ends the session like a process exit.
 */
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import { openEventSource, readBoundedBody } from '@wirebench/transport'
import type { EventSourceItem } from '@wirebench/transport'
import { Agent, request } from 'undici'
import type { ExitInfo, SidecarTransport, TransportEvents } from './transport.js'

export interface HttpTransportOptions {
  url: string
  /** The sidecar's name, for errors. */
  name: string
  /** Cap on one reply body and one event. */
  maxLineBytes: number
}

/** The body as a JSON-RPC response (an id with a result or an error; or a batch of them), or undefined. */
function readRpcReply(text: string): unknown {
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined
  const isReply = (value: unknown): boolean =>
    typeof value === 'object' && value !== null && 'id' in value && ('result' in value || 'error' in value)
  try {
    const value = JSON.parse(text) as unknown
    if (Array.isArray(value)) return value.length > 0 && value.every(isReply) ? value : undefined
    return isReply(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** A message set inside a sentence: its own final full stop would double the sentence's. */
function withoutStop(message: string): string {
  return message.replace(/\.+$/, '')
}

/** The start of a body, on one line and without control characters, for an error message. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 200)}…` : `${line}.`
}

export function createHttpTransport(options: HttpTransportOptions): SidecarTransport {
  // Configuration, not user input, but a package could still point it at a cloud-metadata address.
  checkOutboundUrl(options.url, { schemes: ['http:', 'https:'] })
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 })
  const stop = new AbortController()
  let events: TransportEvents | undefined
  let exited = false
  let resumeWaiter: (() => void) | undefined
  let isPaused = false

  const exit = (info: ExitInfo) => {
    if (exited) return
    exited = true
    stop.abort()
    void agent.close().catch(() => undefined)
    events?.exit(info)
  }

  const deliver = (text: string) => {
    let value: unknown
    try {
      value = JSON.parse(text) as unknown
    } catch {
      events?.malformed(`not JSON: ${text.slice(0, 200)}`)
      return
    }
    events?.message(value)
  }

  const readNotifications = async (source: AsyncGenerator<EventSourceItem, void, undefined>) => {
    try {
      for await (const item of source) {
        if (item.type === 'event') deliver(item.event.data)
        else if (item.type === 'end') break
        // Flow control: the next event is read only once a full stream queue has room again.
        while (isPaused && !stop.signal.aborted) await new Promise<void>((resolve) => (resumeWaiter = resolve))
      }
      exit({ code: null, signal: null, reason: `the event stream of ${options.url} ended` })
    } catch (error) {
      exit({
        code: null,
        signal: null,
        reason: `it stopped answering at ${options.url} (${withoutStop(WorkbenchError.from(error).message)})`,
      })
    }
  }

  return {
    kind: 'http',
    pid: undefined,

    async start(handlers) {
      events = handlers
      const source = openEventSource({
        url: options.url,
        headers: { accept: 'text/event-stream' },
        dispatcher: agent,
        signal: stop.signal,
        reconnect: false,
        maxEventBytes: options.maxLineBytes,
      })
      let first: IteratorResult<EventSourceItem, void>
      try {
        first = await source.next()
      } catch (error) {
        exit({
          code: null,
          signal: null,
          reason: `it is not answering at ${options.url} (${withoutStop(WorkbenchError.from(error).message)}); start it there, then restart it`,
        })
        return
      }
      const item = first.done ? undefined : first.value
      if (item?.type !== 'open') {
        exit({
          code: null,
          signal: null,
          reason: `GET ${options.url} did not answer with an event stream (${item?.type === 'refused' ? `HTTP ${item.status}` : 'no answer'})`,
        })
        return
      }
      void readNotifications(source)
    },

    async send(message) {
      if (exited) throw new WorkbenchError('upstream_unreachable', `The sidecar at ${options.url} is not connected.`)
      const response = await request(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(message),
        dispatcher: agent,
        signal: stop.signal,
      }).catch((error: unknown) => {
        throw new WorkbenchError(
          'upstream_unreachable',
          `The ${options.name} sidecar is not answering at ${options.url} (${withoutStop(WorkbenchError.from(error).message)}).`,
        )
      })
      const body = await readBoundedBody(response.body, options.maxLineBytes)
      if (body.truncated) {
        events?.fatal(
          new WorkbenchError(
            'upstream_invalid',
            `The sidecar at ${options.url} answered with more than ${options.maxLineBytes} bytes.`,
          ),
        )
        return
      }
      const text = body.bytes.toString('utf8').trim()
      const status = response.statusCode
      if (status === 204 || (text === '' && status >= 200 && status < 300)) return
      // A JSON-RPC reply is delivered whatever the status: a sidecar behind a framework may answer an error with 500.
      const reply = readRpcReply(text)
      if (reply !== undefined) {
        events?.message(reply)
        return
      }
      // Anything else fails this request at once, instead of leaving it to its timeout.
      const hint = 'Check the url in its sidecar.json and that the program there answers JSON-RPC to POST.'
      if (status >= 300 && status < 400) {
        throw new WorkbenchError(
          'upstream_error',
          `The sidecar at ${options.url} answered with a redirect (HTTP ${status}); redirects are not followed.`,
          { hint },
        )
      }
      throw new WorkbenchError(
        status >= 200 && status < 300 ? 'upstream_invalid' : 'upstream_error',
        `The sidecar at ${options.url} answered HTTP ${status} without a JSON-RPC reply${text === '' ? '.' : `: ${printable(text)}`}`,
        { hint },
      )
    },

    pause() {
      isPaused = true
    },

    resume() {
      isPaused = false
      const wake = resumeWaiter
      resumeWaiter = undefined
      wake?.()
    },

    stop() {
      exit({ code: null, signal: null, reason: 'the workbench closed the connection' })
      return Promise.resolve()
    },

    stderrTail: () => [],
  }
}
