/** aedes, an MQTT broker in Node (the second broker of the MQTT tests), on a free loopback port. */
import { createServer } from 'node:net'
import type { Socket } from 'node:net'
import { Aedes } from 'aedes'

export interface AedesBroker {
  url: string
  close(): Promise<void>
}

export async function startAedes(): Promise<AedesBroker> {
  const broker = await Aedes.createBroker()
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    broker.handle(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => broker.close(() => resolve()))
    },
  }
}
