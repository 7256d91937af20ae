/** Starts every demo service on ephemeral ports and returns their discovery URLs. */
import { fileURLToPath } from 'node:url'
import { startGraphqlDemo } from './graphql/index.js'
import { startGrpcDemo } from './grpc/index.js'
import { demoMcpConfigFile, demoStdioUrl, startMcpDemo } from './mcp/index.js'
import { startRestDemo } from './rest/index.js'
import type { DemoService, DemoServiceHandle, StartServiceOptions } from './service-handle.js'
import { startSignalrDemo } from './signalr/index.js'
import { startSseDemo } from './sse/index.js'
import { startToyServer } from './toy/index.js'
import { startWebSocketDemo } from './websocket/index.js'

export interface StartDemoOptions {
  /** Interface to bind; defaults to loopback so the demo is never exposed by accident. */
  host?: string
}

export interface DemoHandle {
  services: DemoService[]
  /** The discovery URL of each service, in the order of `services`. */
  urls: string[]
  /** The bundled `mcp.json` (server-everything over stdio), for the workbench's trusted MCP configuration. */
  mcpConfigFile: string
  /** Addresses of the stdio servers that file lists, to discover beside the services. */
  stdioUrls: string[]
  /** Sidecar plugin directories the demo needs: the Python example, which speaks to the toy lab. */
  pluginDirs: string[]
  close(): Promise<void>
}

/** One starter per protocol folder; each new demo protocol adds its starter here. */
const starters: ((options: StartServiceOptions) => Promise<DemoServiceHandle>)[] = [
  startRestDemo,
  startGrpcDemo,
  startGraphqlDemo,
  startSseDemo,
  startWebSocketDemo,
  startSignalrDemo,
  startMcpDemo,
  startToyServer,
]

/** The Python example sidecar (examples/sidecars/python-toy), beside this package's src/ and dist/ alike. */
export const demoSidecarDir = fileURLToPath(new URL('../../sidecars/python-toy/', import.meta.url)).replace(/\/$/, '')

export async function startDemo(options: StartDemoOptions = {}): Promise<DemoHandle> {
  const host = options.host ?? '127.0.0.1'
  const started: DemoServiceHandle[] = []
  const closeAll = async (): Promise<void> => {
    await Promise.allSettled(started.map((handle) => handle.close()))
  }
  // Started side by side: each one's socket set-up overlaps the others' start.
  const results = await Promise.allSettled(starters.map((start) => start({ host, port: 0 })))
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value)
  const failure = results.find((result) => result.status === 'rejected')
  if (failure) {
    // A half-started demo would leak sockets; stop what did start before reporting the failure.
    await closeAll()
    throw failure.reason
  }
  const services = started.map((handle) => handle.service)
  let closing: Promise<void> | undefined
  return {
    services,
    urls: services.map((service) => service.url),
    mcpConfigFile: demoMcpConfigFile,
    stdioUrls: [demoStdioUrl],
    pluginDirs: [demoSidecarDir],
    close: () => (closing ??= closeAll()),
  }
}
