/** Starts the gRPC demo (Telemetry plus server reflection v1 and v1alpha) on a loopback port. */
import { Server, ServerCredentials } from '@grpc/grpc-js'
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { loadDemoRegistry, requireService, telemetryServiceName } from './descriptors.js'
import { grpcServiceDefinition } from './grpc-service.js'
import { createTelemetryHandlers } from './handlers.js'
import { createReflectionHandlers, reflectionServiceNames } from './reflection.js'
import { createStationStore } from './stations.js'

export const grpcDemoLimits = {
  maxMessageBytes: 4 * 1024 * 1024,
  maxConcurrentStreams: 100,
}

export async function startGrpcDemo(options: StartServiceOptions): Promise<DemoServiceHandle> {
  const registry = loadDemoRegistry()
  const server = new Server({
    'grpc.max_receive_message_length': grpcDemoLimits.maxMessageBytes,
    'grpc.max_send_message_length': grpcDemoLimits.maxMessageBytes,
    'grpc.max_concurrent_streams': grpcDemoLimits.maxConcurrentStreams,
  })
  const telemetry = grpcServiceDefinition(requireService(registry, telemetryServiceName))
  server.addService(telemetry, createTelemetryHandlers(registry, createStationStore()))
  const reflection = createReflectionHandlers(registry)
  for (const name of reflectionServiceNames) {
    server.addService(grpcServiceDefinition(requireService(registry, name)), reflection)
  }
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:${options.port ?? 0}`, ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    )
  })
  let closed = false
  return {
    service: { protocol: 'grpc', name: 'Telemetry (gRPC)', url: `http://${host}:${port}` },
    // Open streams are cut rather than awaited: the demo stops when the workbench does, not when its clients leave.
    close: () => {
      if (!closed) server.forceShutdown()
      closed = true
      return Promise.resolve()
    },
  }
}
