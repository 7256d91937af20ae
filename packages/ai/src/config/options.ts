/**
 * The AI options of SPEC.md (`Workbench:Ai`): their defaults, each provider's default endpoint, and the checks every
 * source of options passes (file, command line, API). A `stdio:` endpoint is a command line to run, so only trusted
 * sources (the file and the CLI) may carry one.
 */
import { AI_CLOUD_PROVIDERS, AI_PROVIDER_IDS, WorkbenchError, isCloudMetadataAddress } from '@wirebench/core'
import type { AiProviderId } from '@wirebench/core'

export interface AiOptions {
  provider: AiProviderId
  /** Empty: the provider's default. */
  endpoint: string
  model: string
  apiKey: string | null
  autoDetectLocal: boolean
}

/** The `--ai-*` flags: kept in memory for the run, never written to the file. */
export interface AiOverlay {
  provider?: string
  endpoint?: string
  model?: string
  apiKey?: string
}

export const STDIO_PREFIX = 'stdio:'

export const defaultAiOptions: AiOptions = {
  provider: 'ollama',
  endpoint: '',
  model: '',
  apiKey: null,
  autoDetectLocal: true,
}

/** Built-in endpoints; the anthropic one is fixed by SPEC.md (its Endpoint option is ignored). */
export const defaultEndpoints: Readonly<Record<AiProviderId, string>> = {
  ollama: 'http://localhost:11434',
  lmstudio: 'http://localhost:1234',
  openai: 'https://api.openai.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  anthropic: 'https://api.anthropic.com',
  mcp: '',
}

/** Models used when none is configured: a provider needs one, and these are what each ships or documents first. */
export const defaultModels: Readonly<Record<AiProviderId, string>> = {
  ollama: 'llama3.2',
  lmstudio: 'local-model',
  openai: 'gpt-4o-mini',
  openrouter: 'openrouter/auto',
  anthropic: 'claude-3-5-haiku-latest',
  mcp: '',
}

export function isCloudProvider(provider: AiProviderId): boolean {
  return AI_CLOUD_PROVIDERS.includes(provider)
}

/** Provider names are compared case-insensitively (SPEC.md); an unknown one is refused with the list. */
export function parseProvider(value: string): AiProviderId {
  const id = value.trim().toLowerCase()
  const known = AI_PROVIDER_IDS.find((candidate) => candidate === id)
  if (!known) {
    throw new WorkbenchError('invalid_request', `Unknown AI provider "${value.slice(0, 64)}".`, {
      hint: `Use one of: ${AI_PROVIDER_IDS.join(', ')}.`,
    })
  }
  return known
}

export interface EndpointCheck {
  /** Whether the source may name a command line (`stdio:`): the file and the CLI, never the API. */
  isTrusted: boolean
}

/** An endpoint must be an http(s) URL (not a cloud-metadata address), or `stdio:<command line>` from a trusted source. */
export function checkEndpoint(provider: AiProviderId, endpoint: string, check: EndpointCheck): void {
  if (endpoint === '') {
    if (provider === 'mcp') {
      throw new WorkbenchError(
        'invalid_request',
        'The mcp provider needs an endpoint: an MCP URL or stdio:<command>.',
        {
          hint: 'Give the URL of your MCP host (http://127.0.0.1:…/mcp), or a stdio: command line with --ai-endpoint.',
        },
      )
    }
    return
  }
  if (endpoint.toLowerCase().startsWith(STDIO_PREFIX)) {
    if (provider !== 'mcp') {
      throw new WorkbenchError('invalid_request', 'A stdio: endpoint is only for the mcp provider.')
    }
    if (!check.isTrusted) {
      throw new WorkbenchError('forbidden', 'A stdio: command line cannot be set through the API.', {
        hint: 'Put it in ai-config.json or pass --ai-endpoint stdio:<command> on the command line; omit endpoint here to keep the configured one.',
      })
    }
    if (endpoint.slice(STDIO_PREFIX.length).trim() === '') {
      throw new WorkbenchError('invalid_request', 'The stdio: endpoint names no command.')
    }
    return
  }
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new WorkbenchError('invalid_request', `The AI endpoint "${endpoint.slice(0, 200)}" is not a URL.`, {
      hint: 'Give an absolute http:// or https:// URL, or leave it empty for the provider’s default.',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WorkbenchError('invalid_request', `The AI endpoint must be http or https, not ${url.protocol}.`, {
      hint: 'Give an absolute http:// or https:// URL, or leave it empty for the provider’s default.',
    })
  }
  if (url.username !== '' || url.password !== '') {
    throw new WorkbenchError('invalid_request', 'The AI endpoint must not carry credentials in the URL.', {
      hint: 'Set the API key as the key, not inside the URL.',
    })
  }
  if (isCloudMetadataAddress(url.hostname)) {
    throw new WorkbenchError('blocked_target', 'The AI endpoint is a cloud-metadata address, which is always blocked.')
  }
}

/** A cloud provider without a key is not allowed (SPEC.md Errors). */
export function checkApiKey(options: Pick<AiOptions, 'provider' | 'apiKey'>): void {
  if (isCloudProvider(options.provider) && (options.apiKey === null || options.apiKey.trim() === '')) {
    throw new WorkbenchError('invalid_request', `The ${options.provider} provider needs an API key.`, {
      hint: `Enter your own ${options.provider} API key (or pass --ai-api-key), or choose a local provider: ollama or lmstudio.`,
    })
  }
}

/** The base URL a call goes to. */
export function effectiveEndpoint(options: AiOptions, defaults: Partial<Record<AiProviderId, string>> = {}): string {
  const builtIn = defaults[options.provider] ?? defaultEndpoints[options.provider]
  if (options.provider === 'anthropic') return builtIn
  return options.endpoint !== '' ? options.endpoint : builtIn
}
