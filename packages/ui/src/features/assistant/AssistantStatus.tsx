/** The set-up advice above the conversation (`setup-advice.ts`), with the local probe asked for local providers. */
import { useEffect, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { useWorkbench } from '../../state/useWorkbench.js'
import { probeLocalModels } from './ai-client.js'
import type { AssistantStore } from './assistant-store.js'
import { statusAdvice } from './setup-advice.js'

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
      (result) => {
        if (isCurrent) store.setState({ probe: result })
      },
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
