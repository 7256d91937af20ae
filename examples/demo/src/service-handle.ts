/** The shape every protocol folder's starter returns, so `startDemo` can start and stop them uniformly. */

export interface DemoService {
  /** Protocol id as the workbench knows it (`rest`, `grpc`, `graphql`, `sse`, `websocket`). */
  protocol: string
  name: string
  /** The discovery URL to hand the workbench. */
  url: string
}

export interface DemoServiceHandle {
  service: DemoService
  close(): Promise<void>
}

export interface StartServiceOptions {
  host: string
  /** 0 or absent picks an ephemeral port. */
  port?: number
}
