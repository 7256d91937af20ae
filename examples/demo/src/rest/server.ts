/** Starts the REST demo on a port and describes it for discovery. */
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { createRestDemoApp } from './app.js'

export async function startRestDemo(options: StartServiceOptions): Promise<DemoServiceHandle> {
  const app = createRestDemoApp()
  try {
    await app.listen({ host: options.host, port: options.port ?? 0 })
  } catch (error) {
    await app.close()
    throw error
  }
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('REST demo is not listening on TCP')
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    service: { protocol: 'rest', name: 'Bookshop (REST)', url: `http://${host}:${address.port}/openapi.json` },
    close: () => app.close(),
  }
}
