/**
 * `openChannel`: client-streaming and duplex calls as a Channel. Sends queue (bounded) until the transport takes
 * them off the queue as HTTP/2 flow control allows; `send` answers false when the queue is full or the sending side
 * is closed. `frames()` is pull-based like a server stream: not pulling leaves replies unread on the wire.
 */
import { randomUUID } from 'node:crypto'
import type { DescMethodStreaming, Message } from '@bufbuild/protobuf'
import type { StreamResponse } from '@connectrpc/connect'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, Channel, StreamFrame } from '@wirebench/core'
import { failureFrames, replyFrames } from './reply-frames.js'
import type { PreparedCall } from './prepared-call.js'

/** An async iterable fed by `push`, read once by the transport. */
interface InputQueue extends AsyncIterable<Message> {
  push(message: Message): boolean
  end(): void
  isClosed(): boolean
}

function createInputQueue(maxPending: number): InputQueue {
  const pending: Message[] = []
  let closed = false
  let wake: (() => void) | undefined
  const signal = (): void => {
    wake?.()
    wake = undefined
  }
  return {
    push(message) {
      if (closed || pending.length >= maxPending) return false
      pending.push(message)
      signal()
      return true
    },
    end() {
      closed = true
      signal()
    },
    isClosed: () => closed,
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          const next = pending.shift()
          if (next) {
            yield next
            continue
          }
          if (closed) return
          await new Promise<void>((resolve) => (wake = resolve))
        }
      } finally {
        // The transport stopped reading (the call ended): later sends are refused, not queued forever.
        closed = true
      }
    },
  }
}

export interface ChannelOptions {
  /** Sent messages waiting for the transport before `send` answers false. */
  maxPending: number
}

export function openPreparedChannel(call: PreparedCall, ctx: CallContext, options: ChannelOptions): Channel {
  const kind = call.desc.methodKind
  if (kind !== 'client_streaming' && kind !== 'bidi_streaming') {
    throw new WorkbenchError('invalid_request', `${call.info.name} does not stream requests, so it has no channel.`, {
      hint: kind === 'unary' ? 'Call it with invoke.' : 'Open it as a server stream.',
    })
  }
  const input = createInputQueue(options.maxPending)
  const controller = new AbortController()
  const onAbort = (): void => controller.abort(ctx.signal.reason)
  if (ctx.signal.aborted) onAbort()
  else ctx.signal.addEventListener('abort', onAbort, { once: true })
  const signal = controller.signal
  const started: Promise<StreamResponse> = call.transport.stream(
    call.desc as DescMethodStreaming,
    signal,
    undefined,
    call.headers,
    input,
  )
  // Observed here so an unread failure is not an unhandled rejection; frames() reports it.
  started.catch(() => undefined)
  let framesTaken = false

  async function* frames(): AsyncGenerator<StreamFrame> {
    try {
      let reply: StreamResponse
      try {
        reply = await started
      } catch (error) {
        yield* failureFrames(error, call, signal)
        return
      }
      yield* replyFrames(call, reply, signal)
    } finally {
      input.end()
      ctx.signal.removeEventListener('abort', onAbort)
    }
  }

  return {
    id: randomUUID(),
    clientStreaming: true,
    serverStreaming: kind === 'bidi_streaming',
    send(message) {
      if (input.isClosed() || signal.aborted) return Promise.resolve(false)
      try {
        return Promise.resolve(input.push(call.codec.decode(call.desc.input, message, 'Message')))
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },
    closeSend() {
      input.end()
      return Promise.resolve()
    },
    frames() {
      if (framesTaken) throw new WorkbenchError('invalid_request', 'The frames of a channel can be read only once.')
      framesTaken = true
      return frames()
    },
    dispose() {
      input.end()
      ctx.signal.removeEventListener('abort', onAbort)
      if (!signal.aborted) controller.abort(new WorkbenchError('cancelled', 'The channel was closed.'))
      return Promise.resolve()
    },
  }
}
