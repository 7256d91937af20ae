/**
 * `openChannel` of the `upload` method: the first message is the invocation (its options choose the connection),
 * each later message one item of the client stream, the half-close completes the stream; the hub's result arrives as
 * a message frame before the end. Disposing before the result ends the stream with an error, so the hub stops.
 */
import { randomUUID } from 'node:crypto'
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, Channel, StreamFrame } from '@wirebench/core'
import { FrameQueue } from '@wirebench/transport'
import { HubMethodError } from './client/hub-session.js'
import type { HubUpload } from './client/hub-session.js'
import { asFields, readConnection, readInvocation } from './call-message.js'
import { connectionLost } from './errors.js'
import { sessionMetadata } from './invoke.js'
import type { HubPool, PooledSession } from './pool.js'
import type { WireRequest } from './wire.js'

export async function openUploadChannel(
  call: Call,
  ctx: CallContext,
  wire: WireRequest,
  pool: HubPool,
): Promise<Channel> {
  const frames = new FrameQueue({
    maxFrames: 1_024,
    maxBytes: 16 * 1024 * 1024,
    onFull: () => undefined,
    onRoom: () => undefined,
  })
  let lease: PooledSession | undefined
  let upload: HubUpload | undefined
  let framesTaken = false
  let finished = false
  const finish = (frame: StreamFrame | { error: unknown }): void => {
    if (finished) return
    finished = true
    if ('type' in frame) frames.push(frame, 256)
    frames.finish('type' in frame ? undefined : frame)
    lease?.release()
  }
  const start = async (message: unknown): Promise<void> => {
    const fields = asFields(message, 'The first upload message (the invocation)')
    const choice = readConnection(fields)
    const invocation = readInvocation(fields)
    lease = await pool.acquire(wire, choice, ctx.signal)
    frames.push({ type: 'headers', metadata: { ...sessionMetadata(lease.open), target: invocation.target } }, 256)
    upload = lease.open.session.upload(invocation.target, invocation.arguments)
    upload.result.then(
      ({ value, bytes }) => {
        const meta = { kind: 'completion', ...(bytes !== undefined ? { bytes } : {}) }
        frames.push({ type: 'message', data: value, meta }, 256)
        finish({ type: 'end', status: 'OK' })
      },
      (error: unknown) => {
        if (error instanceof HubMethodError) {
          finish({ type: 'end', status: 'Unknown', message: error.message, details: { error: error.message } })
        } else finish({ error: connectionLost(error, wire.wire.displayUrl) })
      },
    )
  }
  const channel: Channel = {
    id: randomUUID(),
    clientStreaming: true,
    serverStreaming: false,
    async send(message) {
      if (finished) return false
      if (!upload) {
        await start(message)
        return true
      }
      upload.push(message)
      return true
    },
    async closeSend() {
      if (!upload)
        throw new WorkbenchError(
          'invalid_request',
          'Send the invocation ({"target": …, "arguments": […]}) before completing the upload.',
        )
      upload.complete()
      return Promise.resolve()
    },
    frames() {
      if (framesTaken) throw new WorkbenchError('invalid_request', 'The frames of a channel can be read only once.')
      framesTaken = true
      return frames.drain()
    },
    async dispose() {
      if (!finished) upload?.fail('The client cancelled the upload.')
      finish({ type: 'end', status: 'Cancelled' })
      return Promise.resolve()
    },
  }
  ctx.signal.addEventListener('abort', () => void channel.dispose(), { once: true })
  for (const message of call.messages) await channel.send(message)
  return channel
}
