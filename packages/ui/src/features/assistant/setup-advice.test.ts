import { describe, expect, it } from 'vitest'
import type { AiConfigView, AiProbeResponse } from '@wirebench/core'
import { statusAdvice } from './setup-advice.js'

const config = (patch: Partial<AiConfigView>): AiConfigView => ({
  provider: 'ollama',
  endpoint: '',
  effectiveEndpoint: 'http://localhost:11434',
  model: '',
  effectiveModel: 'llama3.2',
  hasApiKey: false,
  autoDetectLocal: true,
  overriddenByCli: [],
  ...patch,
})
const ollama = (running: boolean, models: string[]): AiProbeResponse => ({
  enabled: true,
  servers: [{ provider: 'ollama', endpoint: 'http://localhost:11434', running, models }],
})

describe('the assistant’s set-up advice', () => {
  it('asks for a key when a cloud provider has none', () => {
    expect(statusAdvice(config({ provider: 'openai', effectiveEndpoint: 'https://api.openai.com/v1' }), null)).toEqual([
      'AI not configured: openai needs your API key. Add it in the settings (it stays on this machine).',
    ])
  })

  it('says how to start Ollama and pull the model when the probe finds it not running', () => {
    const [advice] = statusAdvice(config({ model: 'qwen2.5' }), ollama(false, []))
    expect(advice).toContain('Ollama is not running at http://localhost:11434')
    expect(advice).toContain('ollama pull qwen2.5')
  })

  it('names the pull command for a model Ollama does not have, and accepts name:latest', () => {
    expect(statusAdvice(config({ model: 'qwen2.5' }), ollama(true, ['llama3.2:latest']))[0]).toContain(
      'Run ollama pull qwen2.5',
    )
    expect(statusAdvice(config({ model: 'llama3.2' }), ollama(true, ['llama3.2:latest']))).toEqual([])
  })

  it('says nothing about a local server configured away from the standard port the probe looks at', () => {
    expect(statusAdvice(config({ effectiveEndpoint: 'http://127.0.0.1:9999' }), ollama(false, []))).toEqual([])
  })

  it('passes on the configuration file’s own issues', () => {
    expect(statusAdvice(config({ issues: ['ai-config.json was moved aside'] }), null)).toEqual([
      'ai-config.json was moved aside',
    ])
  })
})
