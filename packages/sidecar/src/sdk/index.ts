/** @wirebench/sidecar/sdk: write a sidecar in TypeScript — a definition object and `defineSidecar` run it on stdio. */
export { defineSidecar } from './define-sidecar.js'
export type { DefineSidecarOptions, RunningSidecar } from './define-sidecar.js'
export { createSidecarRuntime } from './runtime.js'
export type { RuntimeIo, SidecarRuntime } from './runtime.js'
export { streamItem } from './stream-item.js'
export { SidecarError } from './types.js'
export type {
  CallRequest,
  ChannelContext,
  DiscoverRequest,
  HandlerContext,
  InvokeAnswer,
  SidecarDefinition,
  StreamItem,
} from './types.js'
