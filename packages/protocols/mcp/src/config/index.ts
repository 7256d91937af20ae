/**
 * `@wirebench/protocol-mcp/config`: the trusted configuration of MCP servers (the `mcpServers` file format, command
 * lines, `mcp+stdio://` addresses). Light: the server reads configuration with it without loading the MCP SDK.
 */
export { isStdioAddress, stdioAddress, stdioNameOf } from './address.js'
export {
  STDIO_PIN_PREFIX,
  commandLineServerName,
  splitCommandLine,
  stdioServerFromCommandLine,
} from './command-line.js'
export { parseMcpServersDocument, readEntry } from './parse.js'
export type { ParseOptions, ParsedMcpServers } from './parse.js'
export { createProcessBoard } from './process-board.js'
export type {
  ConfiguredMcpServer,
  McpHttpServer,
  McpProcessBoard,
  McpServerDirectory,
  McpStdioServer,
} from './types.js'
