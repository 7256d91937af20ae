import { describe, expect, it } from 'vitest'
import { checkApiKey, checkEndpoint, defaultAiOptions, effectiveEndpoint, parseProvider } from './options.js'

describe('AI options', () => {
  it('compares provider names case-insensitively and names the known ones for an unknown one', () => {
    expect(parseProvider(' LMStudio ')).toBe('lmstudio')
    expect(() => parseProvider('gemini')).toThrow(/Unknown AI provider "gemini"/)
  })

  it('takes http(s) endpoints and refuses other schemes, credentials in the URL and cloud-metadata hosts', () => {
    const api = { isTrusted: false }
    expect(() => checkEndpoint('ollama', 'http://127.0.0.1:11434', api)).not.toThrow()
    expect(() => checkEndpoint('openai', 'https://gateway.example/v1', api)).not.toThrow()
    expect(() => checkEndpoint('ollama', 'file:///etc/passwd', api)).toThrow(/http or https/)
    expect(() => checkEndpoint('openai', 'https://user:pw@gateway.example/v1', api)).toThrow(/credentials/)
    expect(() => checkEndpoint('ollama', 'http://169.254.169.254/', api)).toThrow(/cloud-metadata/)
  })

  it('accepts a stdio: command line for mcp only, and only from a trusted source', () => {
    expect(() => checkEndpoint('mcp', 'stdio:node host.js', { isTrusted: true })).not.toThrow()
    expect(() => checkEndpoint('mcp', 'STDIO:node host.js', { isTrusted: false })).toThrow(
      /cannot be set through the API/,
    )
    expect(() => checkEndpoint('ollama', 'stdio:node host.js', { isTrusted: true })).toThrow(
      /only for the mcp provider/,
    )
    expect(() => checkEndpoint('mcp', '', { isTrusted: true })).toThrow(/needs an endpoint/)
  })

  it('requires a key for the cloud providers only', () => {
    for (const provider of ['openai', 'anthropic', 'openrouter'] as const) {
      expect(() => checkApiKey({ provider, apiKey: null })).toThrow(`The ${provider} provider needs an API key.`)
      expect(() => checkApiKey({ provider, apiKey: '  ' })).toThrow(/needs an API key/)
    }
    for (const provider of ['ollama', 'lmstudio', 'mcp'] as const) {
      expect(() => checkApiKey({ provider, apiKey: null })).not.toThrow()
    }
  })

  it('uses each provider’s default endpoint when none is set, and always the fixed one for anthropic', () => {
    expect(effectiveEndpoint(defaultAiOptions)).toBe('http://localhost:11434')
    expect(effectiveEndpoint({ ...defaultAiOptions, provider: 'lmstudio' })).toBe('http://localhost:1234')
    expect(effectiveEndpoint({ ...defaultAiOptions, provider: 'anthropic', endpoint: 'http://elsewhere' })).toBe(
      'https://api.anthropic.com',
    )
  })
})
