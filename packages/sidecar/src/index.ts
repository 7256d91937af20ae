/**
 * @wirebench/sidecar: out-of-process protocol plugins — the `sidecar.json` manifest and its schema, the scan of plugin
 * directories, and sidecars as `ProtocolPlugin`s over the JSON-RPC host (loaded on first use). The TypeScript SDK is
 * `@wirebench/sidecar/sdk`; installing packages is `@wirebench/sidecar/install`.
 */
export { MANIFEST_FILE, ManifestError, checkManifest, readManifest, resolveExecutable } from './manifest/manifest.js'
export type { ManifestCheck, ManifestProblem, SidecarManifest } from './manifest/manifest.js'
export { SIDECAR_SCHEMA_ID, sidecarManifestSchema } from './manifest/schema.js'
export { configPluginsDir, missingPluginDirs, scanPluginDirs } from './scan/plugin-dirs.js'
export type { PluginEntry, PluginOrigin, ScanOptions } from './scan/plugin-dirs.js'
export { createSidecarPlugin } from './plugin/sidecar-plugin.js'
export type { SidecarControl, SidecarPlugin, SidecarPluginOptions } from './plugin/sidecar-plugin.js'
export type { SidecarHostLimits, SidecarState, SidecarStatus } from './host/sidecar-host.js'
export { BASE_ENV_NAMES, DEFAULT_ENV_PREFIX, buildChildEnv } from './host/child-env.js'
export { SIDECAR_PROTOCOL_VERSION, methods, notifications } from './protocol/methods.js'
export type {
  CallParams,
  CancelRequestParams,
  ChannelCloseParams,
  ChannelClosedParams,
  ChannelDataParams,
  ChannelParams,
  ChannelSendParams,
  DiscoverParams,
  EndParams,
  InitializeParams,
  InitializeResult,
  InvokeReply,
  NotificationType,
  RequestType,
  SidecarCapabilities,
  SidecarErrorData,
  StreamCancelParams,
  StreamDataParams,
  StreamEndParams,
  StreamParams,
} from './protocol/methods.js'
