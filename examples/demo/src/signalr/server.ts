/** Starts the SignalR demo: the chat hub at `/hubs/chat`. */
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { chatHub } from './demo-hub.js'
import { startHubServer } from './hub-server.js'

export async function startSignalrDemo(options: StartServiceOptions): Promise<DemoServiceHandle> {
  const server = await startHubServer({
    host: options.host,
    port: options.port ?? 0,
    hubs: [{ path: '/hubs/chat', hub: chatHub }],
  })
  return {
    service: { protocol: 'signalr', name: 'Chat hub (SignalR)', url: server.url('/hubs/chat') },
    close: () => server.close(),
  }
}
