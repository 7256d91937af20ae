/**
 * `@wirebench/ai`: the optional AI package. A host that wants the assistant creates the service and gives it to the
 * workbench server (`ai` option), which then adds the `/api/ai/*` routes and the live `ai.chat` op.
 */
export { createAiService } from './service/ai-service.js'
export type { AiChatOptions, AiService, AiServiceOptions } from './service/ai-service.js'
export { AI_CONFIG_FILE, AI_CONFIG_VERSION } from './config/config-file.js'
export { defaultEndpoints, defaultModels, parseProvider, STDIO_PREFIX } from './config/options.js'
export type { AiOptions, AiOverlay } from './config/options.js'
export { redactForModel, redactText, REDACTED } from './context/redact.js'
export { MCP_CHAT_TOOL, defaultStdioTransport } from './providers/mcp.js'
export type { StdioTransportFactory } from './providers/mcp.js'
export { defaultProbeTargets } from './probe/probe-local.js'
export type { ProbeTargets } from './probe/probe-local.js'
