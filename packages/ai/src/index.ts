/**
 * `@wirebench/ai`: the optional AI package. A host that wants the assistant creates the service and gives it to the
 * workbench server (`ai` option), which then adds the `/api/ai/*` routes and the live `ai.chat` op. Importing it
 * loads no provider: the providers (undici, the MCP SDK) load on the first chat, the MCP one's parts are
 * `@wirebench/ai/mcp`, so the standalone tool's start-up stays free of them.
 */
export { createAiService } from './service/ai-service.js'
export type { AiChatOptions, AiService, AiServiceOptions } from './service/ai-service.js'
export { AI_CONFIG_FILE, AI_CONFIG_VERSION } from './config/config-file.js'
export { defaultEndpoints, defaultModels, parseProvider, STDIO_PREFIX } from './config/options.js'
export type { AiOptions, AiOverlay } from './config/options.js'
export { redactForModel, redactText, REDACTED } from './context/redact.js'
export type { StdioTransportFactory } from './providers/mcp.js'
export { defaultProbeTargets } from './probe/probe-targets.js'
export type { ProbeTargets } from './probe/probe-targets.js'
