/**
 * The provider settings in the drawer, read and written through `/api/ai/config`: provider, endpoint, model, and
 * the API key as set or not set (the page never sees it; a new one replaces it, Remove clears it). Options the
 * command line set for this run are shown as such and cannot be changed here.
 */
import { AI_PROVIDER_IDS, type AiConfigUpdate } from '@wirebench/core'
import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '../../api/api-error.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { saveAiConfig } from './ai-client.js'
import type { AssistantStore } from './assistant-store.js'

interface SettingsFieldProps {
  label: string
  value: string
  placeholder: string
  /** Set on the command line for this run: shown, not editable. */
  isLocked: boolean
  /** A key: typed hidden, never offered for autofill. */
  isSecret?: boolean
  onChange: (value: string) => void
}

function SettingsField({ label, value, placeholder, isLocked, isSecret, onChange }: SettingsFieldProps): ReactElement {
  return (
    <label>
      <span>{label}</span>
      <input
        className="input"
        type={isSecret ? 'password' : 'text'}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        disabled={isLocked}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}

export function AssistantSettings({ store }: { store: AssistantStore }): ReactElement | null {
  const { api } = useWorkbench()
  const config = useStore(store, (s) => s.config)
  const [provider, setProvider] = useState<string>(config?.provider ?? 'ollama')
  const [endpoint, setEndpoint] = useState(config?.endpoint ?? '')
  const [model, setModel] = useState(config?.model ?? '')
  const [apiKey, setApiKey] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [isSaving, setSaving] = useState(false)
  if (!config) return null
  const fromCli = new Set(config.overriddenByCli)
  // The stored endpoint, model and key belong to the stored provider: another one starts from its own defaults, so
  // a key or a URL meant for one vendor is never saved for another.
  const isStoredProvider = provider === config.provider
  const hasApiKey = config.hasApiKey && (isStoredProvider || fromCli.has('apiKey'))
  const chooseProvider = (next: string) => {
    setProvider(next)
    const isStored = next === config.provider
    if (!fromCli.has('endpoint')) setEndpoint(isStored ? config.endpoint : '')
    if (!fromCli.has('model')) setModel(isStored ? config.model : '')
  }

  const save = async (update: AiConfigUpdate) => {
    setSaving(true)
    setProblem(null)
    try {
      const saved = await saveAiConfig(api, update)
      store.setState({ config: saved, probe: null })
      setApiKey('')
    } catch (error) {
      const { detail, title, hint } = ApiError.fromUnknown(error).problem
      setProblem([detail ?? title, hint].filter(Boolean).join(' '))
    } finally {
      setSaving(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const update: AiConfigUpdate = { provider, model: model.trim() }
    // An unchanged endpoint is left out (kept as stored): a `stdio:` one is shown masked and the API refuses it.
    if (!isStoredProvider || endpoint.trim() !== config.endpoint) update.endpoint = endpoint.trim()
    if (apiKey) update.apiKey = apiKey
    void save(update)
  }

  return (
    <form className="ai-settings" onSubmit={submit} aria-label="Assistant settings">
      <label>
        <span>Provider</span>
        <select
          className="input"
          value={provider}
          disabled={fromCli.has('provider')}
          onChange={(event) => chooseProvider(event.target.value)}
        >
          {AI_PROVIDER_IDS.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <SettingsField
        label="Endpoint"
        value={endpoint}
        placeholder={(isStoredProvider && config.effectiveEndpoint) || 'the provider’s default'}
        isLocked={fromCli.has('endpoint')}
        onChange={setEndpoint}
      />
      <SettingsField
        label="Model"
        value={model}
        placeholder={(isStoredProvider && config.effectiveModel) || 'the provider’s default'}
        isLocked={fromCli.has('model')}
        onChange={setModel}
      />
      <SettingsField
        label={`API key (${hasApiKey ? 'set' : 'not set'})`}
        value={apiKey}
        placeholder={hasApiKey ? 'Leave empty to keep it' : 'Needed for openai, anthropic, openrouter'}
        isLocked={fromCli.has('apiKey')}
        isSecret
        onChange={setApiKey}
      />
      {fromCli.size > 0 && (
        <p className="ai-settings-note">Set on the command line for this run: {[...fromCli].join(', ')}.</p>
      )}
      {problem && (
        <p className="ai-settings-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="ai-settings-actions">
        {hasApiKey && !fromCli.has('apiKey') && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={isSaving}
            onClick={() => void save({ provider, apiKey: null })}
          >
            Remove key
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          Save
        </button>
      </div>
    </form>
  )
}
