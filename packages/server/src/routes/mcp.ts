/** `GET /api/mcp/servers`: the configured MCP servers, for the UI to show and connect to (never env or header values). */
import { MCP_SERVERS_PATH } from '@wirebench/core'
import type { McpServersResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import type { McpServers } from '../services/mcp-servers.js'

export function registerMcpRoutes(app: FastifyInstance, deps: { servers: McpServers }): void {
  app.get(MCP_SERVERS_PATH, (_request, reply): McpServersResponse => {
    void reply.header('cache-control', 'no-store')
    return deps.servers.summaries()
  })
}
