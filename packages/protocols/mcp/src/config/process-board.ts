/** The board where the plugin publishes each stdio server process's status, read by `GET /api/mcp/servers`. */
import type { McpProcessStatus } from '@wirebench/core'
import type { McpProcessBoard } from './types.js'

export function createProcessBoard(): McpProcessBoard {
  const statuses = new Map<string, () => McpProcessStatus>()
  return {
    publish(name, status) {
      statuses.set(name, status)
    },
    status(name) {
      return statuses.get(name)?.()
    },
  }
}
