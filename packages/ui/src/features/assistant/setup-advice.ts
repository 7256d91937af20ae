/**
 * What stands between the user and a working assistant, said with what to do: a cloud provider without a key, or
 * (for a local provider at its standard address, from the local probe) a server that is not running or a model it
 * does not have, with the command that fixes it (`ollama pull <model>`).
 */
import { AI_CLOUD_PROVIDERS, type AiConfigView, type AiProbeResponse } from '@wirebench/core'

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin
  } catch {
    return false
  }
}

export function statusAdvice(config: AiConfigView, probe: AiProbeResponse | null): string[] {
  const advice: string[] = [...(config.issues ?? [])]
  if (AI_CLOUD_PROVIDERS.includes(config.provider) && !config.hasApiKey) {
    advice.push(
      `AI not configured: ${config.provider} needs your API key. Add it in the settings (it stays on this machine).`,
    )
  }
  if (config.provider !== 'ollama' && config.provider !== 'lmstudio') return advice
  const server = probe?.enabled ? probe.servers.find((s) => s.provider === config.provider) : undefined
  // The probe looks at the standard port only: say nothing about a server configured elsewhere.
  if (!server || !sameOrigin(server.endpoint, config.effectiveEndpoint)) return advice
  const isOllama = config.provider === 'ollama'
  if (!server.running) {
    advice.push(
      isOllama
        ? `Local model not found: Ollama is not running at ${server.endpoint}. Start it (ollama serve), then ollama pull ${config.model || 'llama3.2'}.`
        : `Local model not found: LM Studio's server is not running at ${server.endpoint}. Start it in LM Studio (Developer → Start server) and load a model.`,
    )
  } else if (server.models.length === 0) {
    advice.push(
      isOllama
        ? `Local model not found: Ollama has no model yet. Run ollama pull ${config.model || 'llama3.2'}.`
        : 'Local model not found: LM Studio has no model loaded. Load one in LM Studio.',
    )
  } else if (
    config.model &&
    !server.models.some((name) => name === config.model || name === `${config.model}:latest`)
  ) {
    advice.push(
      isOllama
        ? `Local model not found: Ollama does not have ${config.model} (it has ${server.models.join(', ')}). Run ollama pull ${config.model}.`
        : `Local model not found: LM Studio has not loaded ${config.model} (it serves ${server.models.join(', ')}).`,
    )
  }
  return advice
}
