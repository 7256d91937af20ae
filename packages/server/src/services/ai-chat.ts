/**
 * The chat as the server runs it for both entries (`POST /api/ai/chat` and the live `ai.chat` op): the AI package's
 * chat with every secret the environment store holds, so a value the page failed to redact still never reaches a
 * provider.
 */
import type { AiChatAnswer, AiChatRequest } from '@wirebench/core'
import type { AiService } from '@wirebench/ai'
import type { EnvironmentStore } from './environment-store.js'
import { environmentSecrets } from './history-redaction.js'

export interface AiChatRun {
  signal: AbortSignal
  onDelta?: (text: string) => void
}

export type AiChatRunner = (request: AiChatRequest, run: AiChatRun) => Promise<AiChatAnswer>

export function createAiChatRunner(ai: AiService, environments: EnvironmentStore): AiChatRunner {
  return async (request, run) => {
    const { document } = await environments.load()
    return ai.chat(request, {
      secrets: environmentSecrets(document),
      signal: run.signal,
      ...(run.onDelta ? { onDelta: run.onDelta } : {}),
    })
  }
}
