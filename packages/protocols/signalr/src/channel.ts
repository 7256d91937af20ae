/**
 * `openChannel` of the `connection` method: one hub connection of its own, showing every message the hub sends —
 * server-to-client invocations under their targets (all of them, or those subscribed to), completions, stream items,
 * pings when asked, the Close and its error — and the connection's states (connecting, connected, reconnecting with
 * the attempt, reconnected, closed). The first message may carry only options; each message is otherwise an
 * invocation sent as invoke, send or stream. A consumer that falls behind stops the transport reading.
 */
import { randomUUID } from 'node:crypto'
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, Channel, StreamFrame } from '@wirebench/core'
import { FrameQueue } from '@wirebench/transport'
import { FlowGate, withoutQuery } from './client/hub-wire.js'
import { asFields, readCommand, readSession } from './call-message.js'
import type { ChannelCommand } from './call-message.js'
import { eventFrame, frameCost, stateFrame } from './frames.js'
import { openSession } from './session.js'
import type { OpenSession } from './session.js'
import type { ResolvedOptions, SessionChoice } from './types.js'
import type { WireRequest } from './wire.js'

export async function openConnectionChannel(
  call: Call,
  ctx: CallContext,
  wire: WireRequest,
  options: ResolvedOptions,
): Promise<Channel> {
  const gate = new FlowGate()
  const frames = new FrameQueue({
    maxFrames: Math.max(2, Math.min(options.maxQueuedFrames, ctx.limits.maxQueuedFrames)),
    maxBytes: 16 * 1024 * 1024,
    onFull: () => gate.set(false),
    onRoom: () => gate.set(true),
  })
  let open: OpenSession | undefined
  let starting: Promise<OpenSession> | undefined
  let framesTaken = false
  let ended = false
  let filtered = 0
  const push = (frame: StreamFrame): void => frames.push(frame, frameCost(frame))
  const end = (frame: StreamFrame | { error: unknown }): void => {
    if (ended) return
    ended = true
    if ('type' in frame) push(frame)
    frames.finish('type' in frame ? undefined : frame)
  }

  const start = (choice: SessionChoice): Promise<OpenSession> => {
    const subscribed = new Set(choice.subscribe.map((target) => target.toLowerCase()))
    push(stateFrame({ state: 'connecting' }))
    return openSession(wire, {
      choice,
      reconnect: choice.reconnect,
      gate,
      signal: ctx.signal,
      beforeStart(session) {
        session.onEvent((event) => {
          if (event.kind === 'ping' && !choice.showPings) return
          if (event.kind === 'invocation' && subscribed.size > 0 && !subscribed.has(event.target.toLowerCase())) {
            filtered++
            return
          }
          push(eventFrame(event))
        })
        session.onState((state) => {
          if (state.state === 'closed') {
            const details = {
              ...(state.error !== undefined ? { error: state.error } : {}),
              ...(filtered > 0 ? { filtered } : {}),
            }
            end(
              state.error === undefined
                ? { type: 'end', status: 'OK', details }
                : { type: 'end', status: 'Aborted', message: state.error, details },
            )
          } else push(stateFrame(state))
        })
      },
    }).then((session) => {
      push({
        type: 'headers',
        metadata: {
          protocol: choice.protocol,
          ...(session.transport ? { transport: session.transport } : {}),
          ...(session.session.connectionId ? { connection_id: session.session.connectionId } : {}),
          ...(session.hub.isRedirected ? { redirected_to: withoutQuery(session.hub.url) } : {}),
          keep_alive_ms: String(choice.keepAliveIntervalMs),
          server_timeout_ms: String(choice.serverTimeoutMs),
        },
      })
      push(
        stateFrame({
          state: 'connected',
          transport: session.transport,
          protocol: choice.protocol,
          connectionId: session.session.connectionId,
          keepAliveIntervalMs: choice.keepAliveIntervalMs,
          serverTimeoutMs: choice.serverTimeoutMs,
        }),
      )
      return session
    })
  }

  const run = (session: OpenSession, command: ChannelCommand): void => {
    const { target, arguments: args } = command.invocation
    // What comes back (completion, items, errors) is in the log already: the hub sent it.
    if (command.kind === 'invoke') session.session.invoke(target, args).result.catch(() => undefined)
    else if (command.kind === 'send') session.session.send(target, args).result.catch(() => undefined)
    else {
      const stream = session.session.stream(target, args)
      void (async () => {
        try {
          for await (const item of stream.items) void item
        } catch {
          // The completion's error is in the log.
        }
      })()
    }
  }

  const channel: Channel = {
    id: randomUUID(),
    clientStreaming: true,
    serverStreaming: true,
    async send(message) {
      if (ended) return false
      if (!starting) {
        const fields = asFields(message, 'The first connection message')
        starting = start(readSession(fields))
        starting.catch((error: unknown) => end({ error }))
        open = await starting
        if (fields['target'] === undefined) return true
      }
      const session = open ?? (await starting)
      if (!session.session.isConnected) return false
      run(session, readCommand(message))
      return true
    },
    async closeSend() {
      await (open ?? (await starting?.catch(() => undefined)))?.stop()
      if (!starting) end({ type: 'end', status: 'OK' })
    },
    frames() {
      if (framesTaken) throw new WorkbenchError('invalid_request', 'The frames of a channel can be read only once.')
      framesTaken = true
      return frames.drain()
    },
    async dispose() {
      end({ type: 'end', status: 'Cancelled' })
      await (open ?? (await starting?.catch(() => undefined)))?.stop()
    },
  }
  ctx.signal.addEventListener('abort', () => void channel.dispose(), { once: true })
  for (const message of call.messages) await channel.send(message)
  return channel
}
