/**
 * The AI package as the server uses it: the configuration (view without the key, validated updates), the chat
 * (redacted context and conversation in, the provider's answer and the model's tool calls out) and the local probe.
 */
import type {
  AiChatAnswer,
  AiChatRequest,
  AiConfigUpdate,
  AiConfigView,
  AiMessage,
  AiProbeResponse,
  AiProviderId,
} from '@wirebench/core'
import { openAiConfigStore } from '../config/config-store.js'
import type { AiConfigStore } from '../config/config-store.js'
import {
  STDIO_PREFIX,
  checkApiKey,
  checkEndpoint,
  defaultModels,
  effectiveEndpoint,
  parseProvider,
} from '../config/options.js'
import type { AiOptions, AiOverlay } from '../config/options.js'
import { redactForModel, redactText } from '../context/redact.js'
import { systemPrompt } from '../context/system-prompt.js'
import { acceptToolCalls, toolDefinitions } from '../context/tools.js'
import type { StdioTransportFactory } from '../providers/mcp.js'
import { defaultProbeTargets } from '../probe/probe-targets.js'
import type { ProbeTargets } from '../probe/probe-targets.js'

export interface AiServiceOptions {
  configDir: string
  /** The `--ai-*` flags. */
  overlay?: AiOverlay
  /** Used instead of the built-in endpoints (a host's gateway, a test's local server); never set from a request. */
  defaultEndpoints?: Partial<Record<AiProviderId, string>>
  /** Where the probe looks (the standard loopback ports by default); never set from a request. */
  probeTargets?: ProbeTargets
  probeTimeoutMs?: number
  /** Starts `stdio:` MCP hosts (tests watch it). */
  startStdio?: StdioTransportFactory
}

export interface AiChatOptions {
  /** Every secret value the server knows of (environment store), each spelling, longest first. */
  secrets: readonly string[]
  signal: AbortSignal
  /** Streamed text; without it the provider is asked for one whole answer. */
  onDelta?: (text: string) => void
}

export interface AiService {
  view(): AiConfigView
  update(update: AiConfigUpdate): Promise<AiConfigView>
  chat(request: AiChatRequest, options: AiChatOptions): Promise<AiChatAnswer>
  probe(): Promise<AiProbeResponse>
}

/** The model a chat asks for: the configured one, else the provider's default. */
function modelOf(options: AiOptions): string {
  return options.model !== '' ? options.model : defaultModels[options.provider]
}

/** A command line may carry a token in its arguments: the page sees the program only. */
function maskStdio(endpoint: string): string {
  if (!endpoint.toLowerCase().startsWith(STDIO_PREFIX)) return endpoint
  const program = endpoint.slice(STDIO_PREFIX.length).trim().split(/\s+/)[0] ?? ''
  return `${STDIO_PREFIX}${program} …`
}

function viewOf(store: AiConfigStore, defaults: Partial<Record<AiProviderId, string>>): AiConfigView {
  const options = store.effective()
  const overlay = store.overlay()
  const view: AiConfigView = {
    provider: options.provider,
    endpoint: maskStdio(options.endpoint),
    effectiveEndpoint: maskStdio(effectiveEndpoint(options, defaults)),
    model: options.model,
    effectiveModel: modelOf(options),
    hasApiKey: options.apiKey !== null && options.apiKey !== '',
    autoDetectLocal: options.autoDetectLocal,
    overriddenByCli: (['provider', 'endpoint', 'model', 'apiKey'] as const).filter((key) => overlay[key] !== undefined),
  }
  const issues = store.issues()
  if (issues.length > 0) view.issues = issues
  return view
}

function nextOptions(stored: AiOptions, update: AiConfigUpdate): AiOptions {
  const provider = parseProvider(update.provider)
  const isSameProvider = provider === stored.provider
  let endpoint: string
  if (update.endpoint === undefined) endpoint = isSameProvider ? stored.endpoint : ''
  else {
    endpoint = update.endpoint.trim()
    // From the API: a command line is refused before anything else happens.
    checkEndpoint(provider, endpoint, { isTrusted: false })
  }
  // A key belongs to its provider: switching without a new one drops it, so one vendor's key never goes to another.
  let apiKey = isSameProvider ? stored.apiKey : null
  if (update.apiKey === null) apiKey = null
  else if (update.apiKey !== undefined) apiKey = update.apiKey.trim() === '' ? null : update.apiKey.trim()
  return {
    provider,
    endpoint,
    model: update.model?.trim() ?? (isSameProvider ? stored.model : ''),
    apiKey,
    autoDetectLocal: update.autoDetectLocal ?? stored.autoDetectLocal,
  }
}

function redactMessage(message: AiMessage, secrets: readonly string[]): AiMessage {
  const out: AiMessage = { role: message.role, content: redactText(message.content, secrets) }
  if (message.toolCallId !== undefined) out.toolCallId = message.toolCallId
  if (message.toolCalls) out.toolCalls = redactForModel(message.toolCalls, secrets) as AiMessage['toolCalls']
  return out
}

export async function createAiService(options: AiServiceOptions): Promise<AiService> {
  const store = await openAiConfigStore(options.configDir, options.overlay ?? {})
  const defaults = options.defaultEndpoints ?? {}

  return {
    view: () => viewOf(store, defaults),

    async update(update) {
      const next = nextOptions(store.stored(), update)
      checkEndpoint(next.provider, next.endpoint, { isTrusted: true })
      checkApiKey({ provider: next.provider, apiKey: next.apiKey ?? store.overlay().apiKey ?? null })
      await store.save(next)
      return viewOf(store, defaults)
    },

    async chat(request, chat) {
      const config = store.effective()
      checkApiKey(config)
      checkEndpoint(config.provider, config.endpoint, { isTrusted: true })
      const model = modelOf(config)
      const offered = request.tools ?? []
      const secrets = [...chat.secrets, ...(config.apiKey ? [config.apiKey] : [])]
      const messages = request.messages.map((message) => redactMessage(message, secrets))
      const instructions = messages.filter((message) => message.role === 'system').map((message) => message.content)
      const context = request.context === undefined ? undefined : redactForModel(request.context, secrets)
      // The providers (undici, the MCP SDK) load on the first chat: a workbench that never chats never pays for them.
      const { createProvider } = await import('../providers/create-provider.js')
      const startStdio = options.startStdio ?? (await import('../providers/mcp.js')).defaultStdioTransport
      const provider = createProvider(config, { defaultEndpoints: defaults, startStdio })
      const answer = await provider.chat({
        model,
        system: systemPrompt(context as AiChatRequest['context'], offered, instructions),
        messages: messages.filter((message) => message.role !== 'system'),
        tools: toolDefinitions(offered),
        signal: chat.signal,
        ...(chat.onDelta ? { onDelta: chat.onDelta } : {}),
      })
      const toolCalls = acceptToolCalls(answer.toolCalls)
      return {
        content: answer.content,
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
        provider: config.provider,
        model,
      }
    },

    async probe() {
      if (!store.effective().autoDetectLocal) {
        return {
          enabled: false,
          message: 'Detecting local model servers is off (AutoDetectLocal is false); turn it on in the AI settings.',
        }
      }
      const targets = options.probeTargets ?? defaultProbeTargets
      const { probeLocalServers } = await import('../probe/probe-local.js')
      return { enabled: true, servers: await probeLocalServers(targets, options.probeTimeoutMs ?? 800) }
    },
  }
}
