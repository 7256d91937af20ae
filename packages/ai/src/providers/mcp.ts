/**
 * The `mcp` provider: the conversation goes to a user-controlled MCP server (SPEC.md: the user's MCP host routes it
 * to the model named by Model) as a call of its `chat` tool with `{messages, system, model}`; the tool's text content
 * is the answer. The endpoint is an MCP URL (streamable HTTP) or `stdio:<command line>`, which comes only from the
 * config file or the CLI and is started without a shell, with a minimal environment.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { WorkbenchError } from '@wirebench/core'
import { splitCommandLine } from '@wirebench/protocol-mcp/config'
import { STDIO_PREFIX } from '../config/options.js'
import type { AiProvider, ProviderAnswer, ProviderRequest } from './provider.js'

/** The tool the MCP server must expose. */
export const MCP_CHAT_TOOL = 'chat'

/** Starts a stdio server from an argv (tests watch it); the SDK's stdio transport by default. */
export type StdioTransportFactory = (argv: readonly string[]) => Transport

export const defaultStdioTransport: StdioTransportFactory = (argv) => {
  const [command, ...args] = argv
  const env: Record<string, string> = {}
  // PATH and HOME only: the workbench's environment holds secrets the model host has no business with.
  if (process.env.PATH !== undefined) env.PATH = process.env.PATH
  if (process.env.HOME !== undefined) env.HOME = process.env.HOME
  return new StdioClientTransport({ command: command ?? '', args, env, stderr: 'ignore' })
}

export interface McpProviderOptions {
  endpoint: string
  startStdio: StdioTransportFactory
}

function transportFor(options: McpProviderOptions): Transport {
  if (options.endpoint.toLowerCase().startsWith(STDIO_PREFIX)) {
    let argv: string[]
    try {
      argv = splitCommandLine(options.endpoint.slice(STDIO_PREFIX.length))
    } catch (error) {
      throw new WorkbenchError('invalid_request', `The mcp endpoint: ${(error as Error).message}`)
    }
    if (argv.length === 0) throw new WorkbenchError('invalid_request', 'The stdio: endpoint names no command.')
    return options.startStdio(argv)
  }
  return new StreamableHTTPClientTransport(new URL(options.endpoint))
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return ''
  return content
    .map((block: { type?: unknown; text?: unknown }) =>
      block.type === 'text' && typeof block.text === 'string' ? block.text : '',
    )
    .join('')
}

export function createMcpProvider(options: McpProviderOptions): AiProvider {
  return {
    id: 'mcp',
    async chat(request: ProviderRequest): Promise<ProviderAnswer> {
      const client = new Client({ name: 'wirebench-ai', version: '0.1.0' })
      const transport = transportFor(options)
      try {
        await client.connect(transport, { signal: request.signal })
        const result = await client.callTool(
          {
            name: MCP_CHAT_TOOL,
            arguments: {
              system: request.system,
              model: request.model,
              messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
            },
          },
          undefined,
          { signal: request.signal },
        )
        const content = textOf(result.content)
        if (result.isError === true) {
          throw new WorkbenchError('upstream_error', `The MCP host's chat tool failed: ${content.slice(0, 2000)}`, {
            hint: 'Check the MCP host (its model, its own credentials), then ask again.',
          })
        }
        if (content !== '') request.onDelta?.(content)
        return { content, toolCalls: [] }
      } catch (error) {
        if (error instanceof WorkbenchError) throw error
        const failure = WorkbenchError.from(error, 'upstream_error')
        if (failure.code === 'cancelled' || failure.code === 'timeout') throw failure
        throw new WorkbenchError('upstream_error', `The MCP host failed: ${failure.message}`, {
          hint: `The MCP server must expose a "${MCP_CHAT_TOOL}" tool taking {messages, system, model}.`,
          cause: error,
        })
      } finally {
        await client.close().catch(() => undefined)
      }
    },
  }
}
