/**
 * A real standalone workbench on 127.0.0.1:0 for MCP tests: a scratch config dir, the MCP options (configuration
 * files, command-line servers, a spawn spy), JSON helpers for discover and invoke, and live clients on `/api/ws`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DiscoverResponse, InvokeRequest, InvokeResult, Problem } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneOptions } from '@wirebench/server'
import { connectLive, liveUrl } from '../live/live-client.js'
import type { LiveClient } from '../live/live-client.js'

export interface McpWorkbench {
  base: string
  token: string
  configDir: string
  api(path: string, init?: { method?: string; body?: unknown }): Promise<Response>
  discover(urls: string[], metadata?: Record<string, string>): Promise<DiscoverResponse>
  /** `POST /api/invoke`: the result, or the problem with its status. */
  invoke(request: Omit<InvokeRequest, 'protocol'> & { protocol?: string }): Promise<InvokeResult>
  invokeProblem(request: Omit<InvokeRequest, 'protocol'> & { protocol?: string }): Promise<Problem>
  connect(): Promise<LiveClient>
  close(): Promise<void>
}

export async function startMcpWorkbench(
  options: Pick<StandaloneOptions, 'mcp' | 'limits'> & { configDir?: string } = {},
): Promise<McpWorkbench> {
  const configDir = options.configDir ?? (await mkdtemp(join(tmpdir(), 'wb-mcp-')))
  const server = await createStandaloneServer({
    host: '127.0.0.1',
    port: 0,
    configDir,
    uiDir: null,
    logLevel: false,
    ...(options.mcp ? { mcp: options.mcp } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  })
  const base = await server.listen()
  const token = server.token ?? ''
  const clients: LiveClient[] = []
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'x-workbench-token': token,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  const post = async (request: Omit<InvokeRequest, 'protocol'> & { protocol?: string }) =>
    api('/api/invoke', { body: { protocol: 'mcp', ...request } })
  return {
    base,
    token,
    configDir,
    api,
    async discover(urls, metadata) {
      const response = await api('/api/discover', { body: { urls, ...(metadata ? { metadata } : {}) } })
      if (response.status !== 200) throw new Error(`discover answered ${response.status}: ${await response.text()}`)
      return (await response.json()) as DiscoverResponse
    },
    async invoke(request) {
      const response = await post(request)
      if (response.status !== 200) throw new Error(`invoke answered ${response.status}: ${await response.text()}`)
      return (await response.json()) as InvokeResult
    },
    async invokeProblem(request) {
      const response = await post(request)
      if (response.status === 200) throw new Error(`invoke succeeded: ${await response.text()}`)
      return (await response.json()) as Problem
    },
    async connect() {
      const client = await connectLive(liveUrl(base), { token })
      clients.push(client)
      return client
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()))
      await server.close()
      if (!options.configDir) await rm(configDir, { recursive: true, force: true })
    },
  }
}
