/** The trusted MCP server configuration as the plugin and the server share it: entries, the directory, process status. */
import type { McpConfigIssue, McpProcessStatus, McpRoot, McpServerSource } from '@wirebench/core'

interface EntryBase {
  /** The entry's key in `mcpServers`; a stdio server's address is `mcp+stdio://<name>`. */
  name: string
  source: McpServerSource
  /** Roots answered to the server's `roots/list` (a Wirebench extension of the format). */
  roots?: McpRoot[]
}

/** A server the workbench starts: an argv (no shell), extra environment variables and a working directory. */
export interface McpStdioServer extends EntryBase {
  transport: 'stdio'
  command: string
  args: string[]
  env: Record<string, string>
  /** Absolute (relative ones are resolved against the configuration file's folder when it is read). */
  cwd?: string
}

/** A server reached over HTTP; its headers go on every request to exactly this URL (user headers win). */
export interface McpHttpServer extends EntryBase {
  transport: 'http'
  url: string
  headers: Record<string, string>
}

export type ConfiguredMcpServer = McpStdioServer | McpHttpServer

/** What the plugin may know about the configured servers; the server owns reading the files. */
export interface McpServerDirectory {
  list(): readonly ConfiguredMcpServer[]
  get(name: string): ConfiguredMcpServer | undefined
  /** The HTTP entry configured for exactly this URL. */
  forUrl(url: string): McpHttpServer | undefined
  issues(): readonly McpConfigIssue[]
}

/** Where the plugin publishes the state of each stdio server process, for `GET /api/mcp/servers`. */
export interface McpProcessBoard {
  publish(name: string, status: () => McpProcessStatus): void
  status(name: string): McpProcessStatus | undefined
}
