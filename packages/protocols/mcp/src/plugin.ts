/**
 * The MCP ProtocolPlugin: discovery (a GET-only probe for unpinned URLs, then `initialize` and every list), calls over
 * pooled sessions (`invoke`, and `invokeStream` with progress), and the session channel (`openChannel`). Stdio servers
 * are only the configured ones, by name (`mcp+stdio://<name>`).
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js'
import {
  MCP_SERVERS_PATH,
  WorkbenchError,
  checkOutboundUrl,
  createTargetCache,
  exportAsWirebenchCall,
} from '@wirebench/core'
import type { Call, CallContext, ProtocolPlugin } from '@wirebench/core'
import { createDispatcherFactory, createHostReach } from '@wirebench/transport'
import type { CallDeps } from './calls.js'
import { openSessionChannel } from './channel.js'
import { isStdioAddress, stdioNameOf } from './config/address.js'
import { discoverServer } from './discover.js'
import type { ServerDescription } from './describe/services.js'
import { toMcpError } from './errors.js'
import { invokeMethod } from './invoke.js'
import { mcpManifest } from './manifest.js'
import { canonicalServerUrl, hasOwnAuthorization } from './oauth/authorizer.js'
import { probeMcp } from './probe.js'
import type { ProbedTransport } from './probe.js'
import { sessionHeaders } from './session/session-key.js'
import { SessionPool } from './session/pool.js'
import type { SessionRequest } from './session/pool.js'
import { streamMethod } from './stream.js'
import { toolsService } from './types.js'
import type { McpPluginOptions } from './types.js'

const defaults = {
  maxSessions: 32,
  idleTimeoutMs: 5 * 60_000,
  connectTimeoutMs: 20_000,
  serverRequestTimeoutMs: 120_000,
  maxLineBytes: 8 * 1024 * 1024,
  maxNoiseLines: 200,
  stderrLines: 200,
  killGraceMs: 2_000,
  maxListPages: 1_000,
  maxQueuedEvents: 10_000,
}

export function createMcpPlugin(options: McpPluginOptions = {}): ProtocolPlugin {
  const settings = { ...defaults, ...definedOnly(options) }
  const ownsDispatchers = options.dispatchers === undefined
  const dispatchers =
    options.dispatchers ?? createDispatcherFactory({ outbound: options.outbound, cookieJars: options.cookieJars })
  const host = options.host
  // The host's own origin (embedded mode) is always reachable, on the host's listener.
  const hostDispatchers = host
    ? createHostReach({ listener: host.listener, cookieJars: dispatchers.cookieJars }).dispatchers
    : undefined
  const isHostUrl = (url: string): boolean => host?.owns(url) === true
  const dispatchersFor = (url: string) => (hostDispatchers && isHostUrl(url) ? hostDispatchers : dispatchers)
  const descriptions = createTargetCache<ServerDescription>({ maxUrlTargets: 64, isUpload: () => false })
  // The transport each HTTP address answered on: a new session after an idle close goes straight to it.
  const transports = createTargetCache<ProbedTransport>({ maxUrlTargets: 256, isUpload: () => false })
  let validator: AjvJsonSchemaValidator | undefined
  const pool = new SessionPool({
    ...settings,
    clientInfo: options.clientInfo ?? { name: 'wirebench', version: '0.1.0' },
    dispatchers: dispatchersFor,
    validator: () => (validator ??= new AjvJsonSchemaValidator()),
    ...(options.spawn ? { spawn: options.spawn } : {}),
    ...(options.processes ? { processes: options.processes } : {}),
    authorizer: options.authorizer,
    ...(options.onUnanswerableRequest ? { onUnanswerableRequest: options.onUnanswerableRequest } : {}),
    onListChanged: (target) => descriptions.delete(target),
  })

  /** Where a call or discovery of `address` goes; throws for an unknown stdio name or a refused address. */
  const requestFor = (address: string): SessionRequest => {
    if (isStdioAddress(address)) {
      const name = stdioNameOf(address)
      const server = options.servers?.get(name)
      if (server?.transport !== 'stdio') {
        const names = (options.servers?.list() ?? []).filter((s) => s.transport === 'stdio').map((s) => s.name)
        throw new WorkbenchError(
          'not_found',
          `No stdio MCP server named "${name}" is configured; nothing was started.`,
          {
            hint: `Configured: ${names.join(', ') || 'none'} (${MCP_SERVERS_PATH}). Add it to {config_dir}/mcp.json or pass --mcp-config.`,
          },
        )
      }
      return { target: { kind: 'stdio', server }, address }
    }
    if (!isHostUrl(address)) checkOutboundUrl(address, options.outbound)
    if (!/^https?:\/\//i.test(address)) {
      throw new WorkbenchError(
        'no_services',
        `No MCP server at ${address}: MCP is reached over http(s) or mcp+stdio://<name>.`,
      )
    }
    const transport = transports.get(address)
    return {
      target: { kind: 'http', url: address, ...(transport ? { transport } : {}) },
      address,
      configured: options.servers?.forUrl(address),
    }
  }

  const describe: CallDeps['describe'] = async (request, session, ctx, fresh) => {
    const cached = fresh ? undefined : descriptions.get(request.address)
    if (cached) return cached
    const described = await discoverServer(session, request.address, ctx, settings.maxListPages)
    descriptions.set(request.address, described)
    return described
  }
  const deps: CallDeps = { pool, describe }

  const remember = (request: SessionRequest, kind: string) => {
    if (request.target.kind === 'http' && (kind === 'streamable-http' || kind === 'sse'))
      transports.set(request.address, kind)
  }

  return {
    id: mcpManifest.id,
    name: mcpManifest.name,
    description: mcpManifest.description,
    exportFormats: mcpManifest.exportFormats,

    exportCall: (call, ctx, options) => exportAsWirebenchCall(mcpManifest.id, call, ctx, options),

    async discover(target, ctx) {
      if (target.kind !== 'url') return []
      const address = target.url
      let request = requestFor(address)
      if (request.target.kind === 'http' && target.pinned !== true && !pool.hasOpen(request, ctx)) {
        // Unpinned: only GETs until the address has shown it speaks MCP.
        const headers = sessionHeaders(ctx.metadata, request.configured?.headers)
        // A server connected through MCP authorization answers the probe only with its token.
        const bearer = hasOwnAuthorization(headers)
          ? undefined
          : await options.authorizer?.accessToken(canonicalServerUrl(address), ctx.signal)
        if (bearer !== undefined) headers['authorization'] = `Bearer ${bearer}`
        const found = await probeMcp(address, ctx, { dispatchers: dispatchersFor(address), headers, firstEventMs: 500 })
        transports.set(address, found)
        request = requestFor(address)
      }
      const lease = await pool.acquire(request, ctx)
      try {
        remember(request, lease.session.transportKind)
        const described = await discoverServer(lease.session, address, ctx, settings.maxListPages)
        descriptions.set(address, described)
        return described.services
      } catch (error) {
        throw toMcpError(error, {
          url: address,
          challenge: lease.session.fetch?.challenge,
          refusedFreshToken: lease.session.fetch?.refusedFreshToken,
          signal: ctx.signal,
        })
      } finally {
        lease.release()
      }
    },

    async invoke(call: Call, ctx: CallContext) {
      return invokeMethod(call, requestFor(call.serverUrl ?? call.target), ctx, deps)
    },

    invokeStream(call: Call, ctx: CallContext) {
      return (async function* () {
        yield* streamMethod(call, requestFor(call.serverUrl ?? call.target), ctx, deps)
      })()
    },

    async openChannel(call: Call, ctx: CallContext) {
      return openSessionChannel(call, requestFor(call.serverUrl ?? call.target), ctx, {
        pool,
        maxQueuedEvents: settings.maxQueuedEvents,
      })
    },

    describeMethod(target, service, method) {
      const described = descriptions.get(target)
      const listed = described?.services.find((s) => s.name === service)?.methods.find((m) => m.name === method)
      return listed?.deferred === true && service === toolsService ? described?.describeTool(method) : listed
    },

    forget(target) {
      descriptions.delete(target)
      transports.delete(target)
    },

    async dispose() {
      await pool.closeAll()
      descriptions.clear()
      if (ownsDispatchers) await dispatchers.close()
      await hostDispatchers?.close()
    },
  }
}

/** The options that were given, so `undefined` never overrides a default. */
function definedOnly(options: McpPluginOptions): Partial<typeof defaults> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(defaults)) {
    const value = (options as Record<string, unknown>)[key]
    if (value !== undefined) out[key] = value
  }
  return out
}
