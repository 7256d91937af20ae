/** Picks the provider for the effective options; the checks (key, endpoint) were made by the caller. */
import type { AiProviderId } from '@wirebench/core'
import { effectiveEndpoint } from '../config/options.js'
import type { AiOptions } from '../config/options.js'
import { createAnthropicProvider } from './anthropic.js'
import { createMcpProvider } from './mcp.js'
import type { StdioTransportFactory } from './mcp.js'
import { createOllamaProvider } from './ollama.js'
import { createOpenAiCompatibleProvider } from './openai-compatible.js'
import type { AiProvider } from './provider.js'

export interface ProviderDeps {
  defaultEndpoints: Partial<Record<AiProviderId, string>>
  startStdio: StdioTransportFactory
}

export function createProvider(options: AiOptions, deps: ProviderDeps): AiProvider {
  const baseUrl = effectiveEndpoint(options, deps.defaultEndpoints)
  switch (options.provider) {
    case 'ollama':
      return createOllamaProvider({ baseUrl })
    case 'openai':
    case 'openrouter':
    case 'lmstudio':
      // LM Studio ignores a key; the cloud ones were checked to have one.
      return createOpenAiCompatibleProvider({
        id: options.provider,
        baseUrl,
        apiKey: options.provider === 'lmstudio' ? null : options.apiKey,
      })
    case 'anthropic':
      return createAnthropicProvider({ baseUrl, apiKey: options.apiKey ?? '' })
    case 'mcp':
      return createMcpProvider({ endpoint: baseUrl, startStdio: deps.startStdio })
  }
}
