/**
 * What the optional AI package adds to the workbench API (SPEC.md, `Workbench:Ai`): its configuration, the chat, the
 * probe for local model servers and the tools a model may call. The routes exist only when the server was given the
 * package; a host without it has no `/api/ai/*` and the page shows only the built-in hints.
 */

/** The routes; `chat` is POST, `config` is GET and PUT, `probeLocal` is GET without side effects. */
export const AI_ROUTES = {
  config: '/api/ai/config',
  chat: '/api/ai/chat',
  probeLocal: '/api/ai/probe-local',
} as const

/** The providers SPEC.md names; a configured name is compared case-insensitively and stored lower-case. */
export const AI_PROVIDER_IDS = ['ollama', 'lmstudio', 'openai', 'anthropic', 'openrouter', 'mcp'] as const
export type AiProviderId = (typeof AI_PROVIDER_IDS)[number]

/** Providers that need the user's own ApiKey; for the others a key is ignored. */
export const AI_CLOUD_PROVIDERS: readonly AiProviderId[] = ['openai', 'anthropic', 'openrouter']

/** What the page may know of the configuration: never the key itself, only whether one is set. */
export interface AiConfigView {
  provider: AiProviderId
  /** As configured; empty means the provider's default (`effectiveEndpoint`). */
  endpoint: string
  /** The base URL calls go to (for `mcp`, the URL or `stdio:` with the command masked). */
  effectiveEndpoint: string
  model: string
  /** The model chats use: `model`, or the provider's default when it is empty (empty for `mcp`: the host decides). */
  effectiveModel: string
  hasApiKey: boolean
  autoDetectLocal: boolean
  /** Options the command line set for this run (`--ai-*`): they override the file and a PUT does not change them. */
  overriddenByCli: ('provider' | 'endpoint' | 'model' | 'apiKey')[]
  /** The file could not be used (moved aside) or another problem the user should see; the defaults apply. */
  issues?: string[]
}

/**
 * `PUT {prefix}/api/ai/config`: the options to store. `apiKey`: a string sets it, `null` removes it, omitted keeps
 * the stored one. An `endpoint` must be http(s): a `stdio:` command line comes only from the file or the CLI.
 */
export interface AiConfigUpdate {
  provider: string
  endpoint?: string
  model?: string
  apiKey?: string | null
  autoDetectLocal?: boolean
}

export type AiRole = 'system' | 'user' | 'assistant' | 'tool'

export interface AiMessage {
  role: AiRole
  content: string
  /** On an `assistant` message: the tool calls it made (sent back so the model sees its own calls). */
  toolCalls?: AiToolCall[]
  /** On a `tool` message: the call it answers. */
  toolCallId?: string
}

/**
 * What the page knows that the model may use: services and methods, the selected method and its request, the last
 * response. The server redacts it again before any provider sees it (environment secrets, credential headers,
 * tokens, cookies, keys); the page must not rely on that and redacts first.
 */
export interface AiChatContext {
  services?: unknown[]
  selected?: { protocol?: string; url?: string; service?: string; method?: string }
  request?: unknown
  response?: unknown
}

/** `POST {prefix}/api/ai/chat`. `tools`: the tool names the page offers (omitted: none; `invoke` only when enabled). */
export interface AiChatRequest {
  messages: AiMessage[]
  context?: AiChatContext
  tools?: AiToolName[]
}

export interface AiChatAnswer {
  content: string
  /**
   * Calls the model asked for, of known tools, offered or not (the page refuses one it did not offer, where the user
   * sees it); the page runs them (`invoke` only after the user confirms the exact request).
   */
  toolCalls?: AiToolCall[]
  /** The provider and model that answered. */
  provider: AiProviderId
  model: string
}

/** The tools a model may call; the page carries them out, the server only relays the model's request. */
export const AI_TOOL_NAMES = [
  'list_services',
  'describe_method',
  'open_method',
  'fill_request',
  'explain_response',
  'invoke',
] as const
export type AiToolName = (typeof AI_TOOL_NAMES)[number]

/** A method as the tools name it: the service's full name and the method name (the URL when several match). */
export interface AiMethodRef {
  service: string
  method: string
  url?: string
}

/** The arguments of each tool, as the model sends them. */
export interface AiToolArguments {
  list_services: { filter?: string }
  describe_method: AiMethodRef
  open_method: AiMethodRef
  /** `message`: the request body as JSON; `metadata`: headers to set. The user sees the form change. */
  fill_request: AiMethodRef & { message?: unknown; metadata?: Record<string, string> }
  explain_response: { focus?: string }
  /** Always confirmed by the user, and offered only when the user enabled invoking for the session. */
  invoke: AiMethodRef & { message?: unknown; metadata?: Record<string, string> }
}

export type AiToolCall = {
  [N in AiToolName]: {
    /** The provider's id for the call (minted by the server when the provider has none). */
    id: string
    name: N
    arguments: AiToolArguments[N]
  }
}[AiToolName]

/** One local model server the probe looked for. */
export interface AiLocalServer {
  provider: 'ollama' | 'lmstudio'
  endpoint: string
  running: boolean
  models: string[]
  /** Why it is not listed as running (refused, timed out, not the expected answer). */
  message?: string
}

/** `GET {prefix}/api/ai/probe-local`. */
export type AiProbeResponse = { enabled: true; servers: AiLocalServer[] } | { enabled: false; message: string }
