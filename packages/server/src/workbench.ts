/**
 * The workbench as an encapsulated Fastify plugin, mountable at any prefix:
 * `app.register(workbench, { prefix: '/workbench', configDir })`.
 */
import { parseEnvironmentsDocument } from '@wirebench/auth'
import { SESSION_TICKET_PATH, WorkbenchError } from '@wirebench/core'
import { join } from 'node:path'
import type { ClientConfig } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { hostEndpointView } from './embedded/host-endpoints.js'
import { installErrorHandling } from './errors/error-handler.js'
import { defaultLimits } from './options.js'
import { createBenchRuns } from './services/bench/bench-runs.js'
import type { WorkbenchOptions } from './options.js'
import { registerAiRoutes } from './routes/ai.js'
import { registerAuthProxyRoutes } from './routes/auth-proxy.js'
import { registerBenchRoutes } from './routes/bench.js'
import { registerCookieRoutes } from './routes/cookies.js'
import { registerDiscoverRoutes } from './routes/discover.js'
import { registerEnvironmentRoutes } from './routes/environments.js'
import { registerHistoryRoutes } from './routes/history.js'
import { registerImportPreviewRoutes } from './routes/import-preview.js'
import { registerInvokeRoutes } from './routes/invoke.js'
import { registerExportRoutes } from './routes/export.js'
import { registerMcpRoutes } from './routes/mcp.js'
import { registerLiveRoutes } from './routes/live.js'
import { registerOAuthCallbackRoutes } from './routes/oauth-callback.js'
import { registerMcpAuthRoutes } from './routes/mcp-auth.js'
import { createLazyMcpAuthorizations } from './services/mcp-authorizations.js'
import { registerPluginRoutes } from './routes/plugins.js'
import { registerProtocolRoutes } from './routes/protocols.js'
import { registerSchemaRoutes } from './routes/schema.js'
import { registerSessionTicketRoutes } from './routes/session-ticket.js'
import { registerUiRoutes } from './routes/ui.js'
import { registerUploadRoutes } from './routes/uploads.js'
import { registerWorkspaceInterchangeRoutes } from './routes/workspace-interchange.js'
import { registerWorkspaceBenchmarkRoutes } from './routes/workspace-benchmarks.js'
import { registerWorkspaceRoutes } from './routes/workspaces.js'
import { registerValidationRoutes } from './routes/validations.js'
import { createValidatorCompiler } from './routes/validation.js'
import { createAuthorizeHook, createGateHook } from './security/gates.js'
import { createSessionToken, createSessionTokenHolder } from './security/token.js'
import { createAiChatRunner } from './services/ai-chat.js'
import { createBuiltinPlugins } from './services/builtin-plugins.js'
import { createDiscoveryService } from './services/discovery.js'
import { createEnvironmentStore } from './services/environment-store.js'
import { createHistoryRecorder } from './services/history-recorder.js'
import { createExportService } from './services/export.js'
import { createInvokeService } from './services/invoke.js'
import { createLazyTokenProxy } from './services/lazy-token-proxy.js'
import { workbenchOutboundPolicy } from './services/outbound-policy.js'
import { pluginLogger } from './services/logger.js'
import { createMcpServers } from './services/mcp-servers.js'
import { createPluginRegistry } from './services/plugin-registry.js'
import type { PluginRegistry } from './services/plugin-registry.js'
import { createServerCookieJars } from './services/server-cookie-jars.js'
import { loadSidecars } from './services/sidecar-plugins.js'
import type { SidecarSet } from './services/sidecar-plugins.js'
import { targetSchemes } from './services/plugin-target.js'
import { parseTargetEntry } from './services/target-entry.js'
import { createUploadStore } from './services/upload-store.js'
import { createUploadService } from './services/uploads.js'
import { openWorkspaces } from './services/workspaces.js'
import { createResponseValidator } from './services/validation/response-validator.js'
import { defaultUiDir } from './ui-dir.js'
import { serverVersion } from './version.js'

/**
 * URLs fixed at start-up (`--url`) are checked once, so a pin naming no installed plugin stops the start with the
 * list of installed ones instead of showing as a failed URL in a locked list nobody can edit.
 */
function checkLockedUrls(urls: readonly string[], registry: PluginRegistry, schemes: readonly string[] | 'any'): void {
  const installed = { has: (id: string) => registry.get(id) !== undefined, ids: () => registry.list().map((p) => p.id) }
  for (const url of urls) {
    const problem = parseTargetEntry(url, installed, schemes).problem
    if (!problem) continue
    // A malformed entry's message names it already; `lockedUrl` tells the CLI the refusal is about its --url.
    const message = problem.code === 'no_plugin' ? `${url}: ${problem.message}` : problem.message
    throw new WorkbenchError(problem.code, message, {
      ...(problem.hint ? { hint: problem.hint } : {}),
      details: { lockedUrl: url },
    })
  }
}

export async function workbench(app: FastifyInstance, options: WorkbenchOptions): Promise<void> {
  const prefix = app.prefix
  // A host that mounts the plugin gets the embedded defaults (production refusal, private targets blocked); only the
  // standalone server, which owns its process, says otherwise.
  const mode = options.mode ?? 'embedded'
  if (mode === 'embedded' && process.env.NODE_ENV === 'production') {
    if (!options.allowInProduction || !options.authorize) {
      throw new Error(
        'Refusing to mount the workbench in production without allowInProduction: true and an authorize(request) hook.',
      )
    }
  }
  const limits = { ...defaultLimits, ...options.limits }
  // An omitted token closes the API rather than opening it: only `null` turns the gate off.
  const initialToken = options.token === undefined ? createSessionToken() : options.token
  const token = initialToken === null ? null : createSessionTokenHolder(initialToken)
  if (token && options.onSessionTokenRotated) token.onRotate(options.onSessionTokenRotated)
  const outboundPolicy = workbenchOutboundPolicy(mode, options.outboundAllowHosts)
  // One set of per-environment cookie jars for the server: the REST plugin fills them, the cookies route clears them.
  const cookieJars = createServerCookieJars()
  // The trusted MCP configuration: stdio servers are started from it only, by name. An embedding host opts in by
  // passing `mcp` (SECURITY.md: no process spawning in a host by default), even to the default file.
  const isMcpEnabled = mode === 'standalone' || options.mcp !== undefined
  const mcpServers = createMcpServers({
    ...(isMcpEnabled ? { defaultFile: join(options.configDir, 'mcp.json') } : {}),
    files: options.mcp?.configFiles ?? [],
    commandLine: options.mcp?.servers ?? [],
  })
  // MCP authorization (Connect): tokens in memory, put on the MCP plugin's requests to the server they were issued for.
  const mcpAuthorizations = createLazyMcpAuthorizations({
    outboundPolicy,
    timeoutMs: limits.tokenProxyTimeoutMs,
    maxResponseBytes: limits.tokenProxyMaxResponseBytes,
  })
  const hostEndpoints = options.embeddedHost ? hostEndpointView(options.embeddedHost) : undefined
  // Built-in plugins load their protocol stacks on first use: start-up pays for their manifests only.
  const builtins =
    options.plugins ??
    createBuiltinPlugins({
      outbound: outboundPolicy,
      cookieJars: cookieJars.jars,
      ...(options.embeddedHost ? { host: options.embeddedHost } : {}),
      ...(hostEndpoints ? { hostEndpoints } : {}),
      mcp: {
        servers: mcpServers,
        processes: mcpServers.board,
        authorizer: mcpAuthorizations,
        ...(options.mcp?.spawn ? { spawn: options.mcp.spawn } : {}),
        ...(options.mcp?.serverRequestTimeoutMs ? { serverRequestTimeoutMs: options.mcp.serverRequestTimeoutMs } : {}),
      },
    })
  // Sidecars are read from their manifests now and started on first use.
  const sidecars: SidecarSet =
    (options.sidecars ?? mode === 'standalone')
      ? await loadSidecars({
          configDir: options.configDir,
          pluginDirs: options.pluginDirs ?? [],
          takenIds: new Map(builtins.map((p) => [p.id, `the built-in ${p.name} plugin`])),
          hostVersion: options.version ?? serverVersion,
          logger: pluginLogger(app.log),
          ...(options.sidecarLimits ? { limits: options.sidecarLimits } : {}),
        })
      : { plugins: [], refused: [] }
  const registry = createPluginRegistry([...builtins, ...sidecars.plugins])

  checkLockedUrls(options.lockedUrls ?? [], registry, targetSchemes(registry, outboundPolicy))

  app.setValidatorCompiler(createValidatorCompiler())
  installErrorHandling(app, limits)
  const tickets = token === null ? undefined : options.launchTickets
  app.addHook(
    'onRequest',
    createGateHook({
      prefix,
      token,
      allowedHosts: options.allowedHosts ?? [],
      ...(tickets ? { tokenFreePaths: [SESSION_TICKET_PATH] } : {}),
    }),
  )
  if (options.authorize) app.addHook('onRequest', createAuthorizeHook(options.authorize))
  app.addHook('onClose', () => registry.dispose())

  const uploads = createUploadService({
    store: createUploadStore(options.configDir, { maxFileBytes: limits.uploadBytes }),
    registry,
    timeoutMs: limits.discoveryTimeoutMs,
  })
  await uploads.load(pluginLogger(app.log))

  const environments = createEnvironmentStore({ configDir: options.configDir, parse: parseEnvironmentsDocument })
  await environments.init()
  const workspaces = await openWorkspaces(app, options)

  const aiChat = options.ai ? createAiChatRunner(options.ai, environments) : undefined
  const responseValidator = createResponseValidator()
  const deps = {
    registry,
    recorder: createHistoryRecorder({ workspaces: workspaces.service, environments }),
    limits,
    uploads,
    discovery: createDiscoveryService({
      registry,
      timeoutMs: limits.discoveryTimeoutMs,
      outboundPolicy,
      maxResponseBytes: limits.maxResponseBytes,
      ...(options.embeddedHost ? { isHostUrl: options.embeddedHost.owns.bind(options.embeddedHost) } : {}),
      ...(hostEndpoints ? { hostEndpoints: hostEndpoints.at } : {}),
    }),
    invoker: createInvokeService({
      registry,
      defaultTimeoutMs: limits.invokeTimeoutMs,
      maxTimeoutMs: limits.maxInvokeTimeoutMs,
      maxResponseBytes: limits.maxResponseBytes,
      outboundPolicy,
      validator: responseValidator,
    }),
    exporter: createExportService({ registry, outboundPolicy, environments }),
  }
  registerProtocolRoutes(app, deps)
  registerPluginRoutes(app, { registry, refused: sidecars.refused })
  registerDiscoverRoutes(app, deps)
  registerInvokeRoutes(app, deps)
  registerValidationRoutes(app, responseValidator)
  registerExportRoutes(app, deps)
  registerImportPreviewRoutes(app, deps)
  registerUploadRoutes(app, deps)
  registerSchemaRoutes(app, { ...deps, validator: responseValidator })
  const benchRuns = createBenchRuns({
    invoker: deps.invoker,
    discovery: deps.discovery,
    registry,
    outboundPolicy,
    limits,
    ...(options.embeddedHost ? { isHostUrl: options.embeddedHost.owns.bind(options.embeddedHost) } : {}),
  })
  // Before the plugins are disposed: a run's calls in flight are cancelled while their plugin still works.
  app.addHook('preClose', () => benchRuns.close())
  registerBenchRoutes(app, { runs: benchRuns, jsonBodyBytes: limits.jsonBodyBytes })
  registerLiveRoutes(app, deps, {
    outboundPolicy,
    onWorkspaceChanged: (listener) => workspaces.service.onChange(listener),
    onHistoryChanged: (listener) => workspaces.service.onHistoryChange(listener),
    onBenchmark: (listener) => benchRuns.subscribe(listener),
    ...(token ? { sessionToken: token } : {}),
    ...(aiChat ? { aiChat } : {}),
  })
  if (options.ai && aiChat) registerAiRoutes(app, { ai: options.ai, chat: aiChat, jsonBodyBytes: limits.jsonBodyBytes })
  registerCookieRoutes(app, { cookieJars: cookieJars.view })
  registerMcpRoutes(app, { servers: mcpServers })
  registerMcpAuthRoutes(app, { authorizations: mcpAuthorizations, jsonBodyBytes: limits.jsonBodyBytes })

  registerEnvironmentRoutes(app, {
    store: environments,
    parse: parseEnvironmentsDocument,
    jsonBodyBytes: limits.jsonBodyBytes,
  })
  registerWorkspaceRoutes(app, { workspaces: workspaces.service, jsonBodyBytes: limits.jsonBodyBytes })
  registerWorkspaceBenchmarkRoutes(app, { workspaces: workspaces.service, runs: benchRuns })
  registerHistoryRoutes(app, { workspaces: workspaces.service })
  registerWorkspaceInterchangeRoutes(app, {
    workspaces: workspaces.service,
    jsonBodyBytes: limits.jsonBodyBytes,
    discovery: deps.discovery,
    registry,
  })
  registerAuthProxyRoutes(app, {
    proxy: createLazyTokenProxy({
      outboundPolicy,
      timeoutMs: limits.tokenProxyTimeoutMs,
      maxResponseBytes: limits.tokenProxyMaxResponseBytes,
    }),
    jsonBodyBytes: limits.jsonBodyBytes,
  })
  registerOAuthCallbackRoutes(app)
  if (tickets && token !== null) registerSessionTicketRoutes(app, { tickets, token })

  const demoUrls = options.demoUrls ?? []
  const config: ClientConfig = {
    prefix,
    lockedUrls: options.lockedUrls && options.lockedUrls.length > 0 ? [...options.lockedUrls] : null,
    mode,
    version: options.version ?? serverVersion,
    tokenRequired: token !== null,
    demo: demoUrls.length > 0,
    demoUrls: [...demoUrls],
  }
  if (workspaces.launched) config.workspace = workspaces.launched
  if (registry.list().some((p) => p.anyScheme === true)) config.anyScheme = true
  const host = options.embeddedHost
  // Read when the page loads: the host's routes are registered after the workbench.
  const pageConfig = host ? () => ({ ...config, embedded: host.info() }) : () => config
  await registerUiRoutes(app, {
    uiDir: options.uiDir === undefined ? defaultUiDir() : options.uiDir,
    config: pageConfig,
  })
}
