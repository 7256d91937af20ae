/**
 * Discovery of a broker: connect, subscribe to `#` for a short listen window and note every topic that carries a
 * message (retained ones arrive at once), then disconnect. A subscription changes nothing on the broker: nothing is
 * published, and the clean session ends with the connection.
 */
import type { ServiceInfo } from '@wirebench/core'
import type { DiscoverRequest, HandlerContext } from '@wirebench/sidecar/sdk'
import { brokerAddress, connectBroker, disconnect } from './connect.js'
import { brokerService, topicsService } from './describe.js'

/** How long discovery listens (`WORKBENCH_MQTT_LISTEN_MS`, default 1.5 s); at most this many topics are listed. */
const listenMs = Number(process.env.WORKBENCH_MQTT_LISTEN_MS ?? 1500)
const maxTopics = 500

export async function discoverBroker(request: DiscoverRequest, ctx: HandlerContext): Promise<ServiceInfo[]> {
  if (!brokerAddress(request.serverUrl)) return []
  const connection = await connectBroker({ ...request, signal: ctx.signal })
  const topics = new Set<string>()
  try {
    connection.client.on('message', (topic) => {
      if (topics.size < maxTopics) topics.add(topic)
    })
    await connection.client.subscribeAsync('#', { qos: 0 })
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, listenMs)
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  } finally {
    await disconnect(connection)
  }
  const services = [brokerService()]
  if (topics.size > 0) services.push(topicsService([...topics].sort()))
  return services
}
