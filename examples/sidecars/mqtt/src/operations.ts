/** The call kinds: publish (unary), subscribe (a stream of messages on a filter) and a session (a duplex channel). */
import type { IClientPublishOptions, IPublishPacket } from 'mqtt'
import type { CallRequest, ChannelContext, HandlerContext, InvokeAnswer } from '@wirebench/sidecar/sdk'
import { SidecarError, streamItem } from '@wirebench/sidecar/sdk'
import { connectBroker, disconnect } from './connect.js'
import type { Connection } from './connect.js'
import { BROKER_SERVICE, PUBLISH, SESSION, SUBSCRIBE, TOPICS_SERVICE } from './describe.js'
import { BoundedQueue } from './message-queue.js'
import { withPooledConnection } from './pool.js'
import { decodePayload, encodePayload } from './payload.js'

type Qos = 0 | 1 | 2

function record(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SidecarError('invalid_request', `${what} must be a JSON object.`)
  }
  return value as Record<string, unknown>
}

function qosOf(value: unknown): Qos {
  if (value === undefined || value === null) return 0
  if (value === 0 || value === 1 || value === 2) return value
  throw new SidecarError('invalid_request', `qos must be 0, 1 or 2, not ${JSON.stringify(value)}.`)
}

function stringOf(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '')
    throw new SidecarError('invalid_request', `${name} is required (a non-empty string).`)
  return value
}

function userProperties(value: unknown, connection: Connection): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined
  const properties = record(value, 'userProperties')
  if (Object.keys(properties).length === 0) return undefined
  if (connection.protocolVersion !== 5) {
    throw new SidecarError(
      'unsupported',
      'This broker speaks MQTT 3.1.1, which has no user properties; remove them to publish.',
    )
  }
  return Object.fromEntries(
    Object.entries(properties).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  )
}

/** A received message as the workbench shows it: the payload, and the MQTT facts in the frame's details. */
function delivered(topic: string, payload: Buffer, packet: IPublishPacket): ReturnType<typeof streamItem> {
  const meta: Record<string, unknown> = { topic, qos: packet.qos, retain: packet.retain, bytes: payload.length }
  if (packet.dup) meta.dup = true
  const props = packet.properties?.userProperties
  if (props && Object.keys(props).length > 0) meta.userProperties = props
  return streamItem({ topic, payload: decodePayload(payload) }, meta)
}

async function publish(connection: Connection, message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const topic = stringOf(message.topic, 'topic')
  const qos = qosOf(message.qos)
  const options: IClientPublishOptions = { qos, retain: message.retain === true }
  const properties = userProperties(message.userProperties, connection)
  if (properties) options.properties = { userProperties: properties }
  const bytes = encodePayload(message.payload)
  const packet = (await connection.client.publishAsync(topic, bytes, options)) as { messageId?: number } | undefined
  const result: Record<string, unknown> = { topic, qos, retain: options.retain, bytes: bytes.length }
  if (packet?.messageId !== undefined && qos > 0) result.messageId = packet.messageId
  return result
}

export async function invoke(request: CallRequest, ctx: HandlerContext): Promise<InvokeAnswer> {
  if (request.service !== BROKER_SERVICE || request.method !== PUBLISH) {
    if (request.method === SUBSCRIBE || request.method === SESSION || request.service === TOPICS_SERVICE) {
      throw new SidecarError('invalid_request', `${request.method} is a stream: open it as one (Send in its pane).`)
    }
    throw new SidecarError('not_found', `No MQTT method ${request.service}/${request.method}.`)
  }
  const messages = (request.messages.length > 0 ? request.messages : [{}]).map((m) => record(m, 'The message'))
  const started = performance.now()
  return withPooledConnection({ ...request, signal: ctx.signal }, async (connection) => {
    const results = []
    for (const message of messages) results.push(await publish(connection, message))
    return {
      response: results.length === 1 ? results[0] : results,
      status: 'OK',
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      metadata: { 'mqtt-protocol-version': connection.protocolVersion === 5 ? '5' : '3.1.1' },
    }
  })
}

/** Queues every message the client receives (a bounded queue). */
function inbox(connection: Connection): BoundedQueue<ReturnType<typeof streamItem>> {
  const queue = new BoundedQueue<ReturnType<typeof streamItem>>(10_000)
  connection.client.on('message', (topic, payload, packet) => queue.push(delivered(topic, payload, packet)))
  connection.client.on('close', () =>
    queue.fail(new SidecarError('upstream_error', 'The broker closed the connection.', { status: 'Unavailable' })),
  )
  return queue
}

export async function* subscribe(request: CallRequest, ctx: HandlerContext): AsyncGenerator<unknown> {
  const isTopic = request.service === TOPICS_SERVICE
  if (!isTopic && (request.service !== BROKER_SERVICE || request.method !== SUBSCRIBE)) {
    throw new SidecarError('not_found', `No MQTT stream ${request.service}/${request.method}.`)
  }
  const message = record(request.messages[0], 'The message')
  const filter = isTopic ? request.method : stringOf(message.topicFilter, 'topicFilter')
  const connection = await connectBroker({ ...request, signal: ctx.signal })
  try {
    const queue = inbox(connection)
    const [grant] = await connection.client.subscribeAsync(filter, { qos: qosOf(message.qos) })
    if (grant && grant.qos >= 0x80)
      throw new SidecarError('forbidden', `The broker refused the subscription to ${filter}.`)
    yield* queue.drain(ctx.signal)
  } finally {
    connection.client.removeAllListeners('close')
    await disconnect(connection)
  }
}

export async function* session(request: CallRequest, ctx: ChannelContext): AsyncGenerator<unknown> {
  if (request.service !== BROKER_SERVICE || request.method !== SESSION) {
    throw new SidecarError('not_found', `No MQTT channel ${request.service}/${request.method}.`)
  }
  const connection = await connectBroker({ ...request, signal: ctx.signal })
  const queue = inbox(connection)
  // Commands run in the order sent; their acknowledgements and the messages received share one outgoing queue.
  const commands = (async () => {
    for await (const incoming of ctx.incoming) {
      const command = record(incoming, 'A session message')
      const action = command.action ?? 'publish'
      try {
        if (action === 'publish')
          queue.push(streamItem({ published: await publish(connection, command) }, { kind: 'ack' }))
        else if (action === 'subscribe') {
          const topic = stringOf(command.topic, 'topic')
          const [grant] = await connection.client.subscribeAsync(topic, { qos: qosOf(command.qos) })
          queue.push(streamItem({ subscribed: topic, qos: grant?.qos }, { kind: 'ack' }))
        } else if (action === 'unsubscribe') {
          const topic = stringOf(command.topic, 'topic')
          await connection.client.unsubscribeAsync(topic)
          queue.push(streamItem({ unsubscribed: topic }, { kind: 'ack' }))
        } else
          throw new SidecarError(
            'invalid_request',
            `action must be publish, subscribe or unsubscribe, not ${JSON.stringify(action)}.`,
          )
      } catch (error) {
        queue.push(streamItem({ error: error instanceof Error ? error.message : String(error) }, { kind: 'error' }))
      }
    }
    queue.end()
  })()
  try {
    yield* queue.drain(ctx.signal)
    await commands
  } finally {
    connection.client.removeAllListeners('close')
    await disconnect(connection)
  }
}
