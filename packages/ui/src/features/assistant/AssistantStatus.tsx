/**
 * What stands between the user and a working assistant, said with what to do: a cloud provider without a key, no
 * model chosen, or (for a local provider at its standard address) a server that is not running or a model it does
 * not serve, from the local probe.
 */
import { AI_CLOUD_PROVIDERS, type AiConfigView, type AiProbeResponse } from '@wirebench/core'
import { useEffect, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { useWorkbench } from '../../state/useWorkbench.js'
import { probeLocalModels } from './ai-client.js'
import type { AssistantStore } from './assistant-store.js'

const LOCAL_NAMES = { ollama: 'Ollama', lmstudio: 'LM Studio' } as const

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
  if (config.provider !== 'ollama' && config.provider !== 'lmstudio') {
    if (!config.model) advice.push('No model chosen: enter the model id in the settings.')
    return advice
  }
  const name = LOCAL_NAMES[config.provider]
  const server = probe?.enabled ? probe.servers.find((s) => s.provider === config.provider) : undefined
  const isProbed = server !== undefined && sameOrigin(server.endpoint, config.effectiveEndpoint)
  if (isProbed && !server.running) {
    advice.push(
      config.provider === 'ollama'
        ? `Local model not found: Ollama is not running at ${server.endpoint}. Start it (ollama serve), then ollama pull ${config.model || 'llama3.2'}.`
        : `Local model not found: LM Studio's server is not running at ${server.endpoint}. Start it in LM Studio (Developer → Start server) and load a model.`,
    )
  } else if (!config.model) {
    const served = isProbed && server.models.length ? ` ${name} serves: ${server.models.join(', ')}.` : ''
    advice.push(
      config.provider === 'ollama'
        ? `No model chosen: run ollama pull llama3.2 (or another model), then enter its name in the settings.${served}`
        : `No model chosen: load a model in LM Studio, then enter its id in the settings.${served}`,
    )
  } else if (isProbed && !server.models.includes(config.model)) {
    advice.push(
      config.provider === 'ollama'
        ? `Local model not found: Ollama does not have ${config.model}. Run ollama pull ${config.model}.`
        : `Local model not found: LM Studio has not loaded ${config.model}. Load it in LM Studio.`,
    )
  }
  return advice
}

export function AssistantStatus({ store }: { store: AssistantStore }): ReactElement | null {
  const { api } = useWorkbench()
  const config = useStore(store, (s) => s.config)
  const probe = useStore(store, (s) => s.probe)
  const provider = config?.provider
  // The probe only reads loopback model lists (GET, no side effects); asked once per provider shown.
  useEffect(() => {
    if (provider !== 'ollama' && provider !== 'lmstudio') return
    let isCurrent = true
    probeLocalModels(api).then(
      (result) => isCurrent && store.setState({ probe: result }),
      () => undefined,
    )
    return () => {
      isCurrent = false
    }
  }, [api, store, provider])
  if (!config) return null
  const advice = statusAdvice(config, probe)
  if (!advice.length) return null
  return (
    <ul className="ai-status" aria-label="Assistant set-up">
      {advice.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}
