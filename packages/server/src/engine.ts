/**
 * @wirebench/server/engine: the workbench's call machinery without Fastify — the built-in plugins (lazy), the plugin
 * registry, the discovery fan-out, invocation under a deadline, call contexts and the token proxy — so the CLI runs
 * the very code the routes run, in process, and loads none of the HTTP server.
 */
import type { SidecarOptions, SidecarSet } from './services/sidecar-plugins.js'

export { builtinPluginFamilies, createBuiltinPlugins } from './services/builtin-plugins.js'
export type { BuiltinPluginOptions } from './services/builtin-plugins.js'
export { createLazyPlugins } from './services/lazy-plugin.js'
export type { LazyPluginFamily } from './services/lazy-plugin.js'
export { createPluginRegistry } from './services/plugin-registry.js'
export type { PluginRegistry } from './services/plugin-registry.js'
export { createDiscoveryService } from './services/discovery.js'
export type { DiscoverInput, DiscoveryService, DiscoveryServiceOptions } from './services/discovery.js'
export { createInvokeService, resolveCall } from './services/invoke.js'
export type { CallAddress, InvokeInput, InvokeService, InvokeServiceOptions, ResolvedCall } from './services/invoke.js'
export { callError, createCallContext, timeoutError, withDeadline } from './services/deadline.js'
export type { CallContextOptions, Cancellation, DeadlineOptions } from './services/deadline.js'
export { createServerCookieJars } from './services/server-cookie-jars.js'
export type { ServerCookieJars } from './services/server-cookie-jars.js'
export { createLazyTokenProxy } from './services/lazy-token-proxy.js'
export type { TokenProxy, TokenProxyOptions } from './services/token-proxy.js'
export { workbenchOutboundPolicy } from './services/outbound-policy.js'
export { createMcpServers } from './services/mcp-servers.js'
export type { McpServers, McpServersOptions } from './services/mcp-servers.js'
export { createResponseValidator, inlineValidationLimitBytes } from './services/validation/response-validator.js'
export type { ServerResponseValidator } from './services/validation/response-validator.js'
export { defaultLimits } from './options.js'
export type { WorkbenchLimits } from './options.js'
export type { SidecarOptions, SidecarSet } from './services/sidecar-plugins.js'

/** The sidecar plugins of a config dir and `--plugin-dir`s, as the server loads them (the sidecar host imported now). */
export async function loadSidecarPlugins(options: SidecarOptions): Promise<SidecarSet> {
  const { loadSidecars } = await import('./services/sidecar-plugins.js')
  return loadSidecars(options)
}
