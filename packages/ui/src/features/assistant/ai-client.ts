/**
 * The assistant's server calls: the AI package's configuration and local probe (`/api/ai/*`), and one chat turn
 * streamed over the page's live socket (`ai.chat` out; `ai.delta`…, then `ai.done` or `error` in). Stopping a turn
 * sends `cancel`, which aborts the provider's request on the server.
 */
import {
  AI_ROUTES,
  type AiChatAnswer,
  type AiChatRequest,
  type AiConfigUpdate,
  type AiConfigView,
  type AiProbeResponse,
} from '@wirebench/core'
import type { ApiClient } from '../../api/api-client.js'
import { ApiError } from '../../api/api-error.js'
import type { LiveSocket } from '../../api/live-socket.js'

/** The configuration, or null when this workbench has no AI package (its routes are 404). */
export async function readAiConfig(api: ApiClient): Promise<AiConfigView | null> {
  try {
    return await api.request<AiConfigView>(AI_ROUTES.config)
  } catch (error) {
    if (error instanceof ApiError && error.problem.status === 404) return null
    throw error
  }
}

export function saveAiConfig(api: ApiClient, update: AiConfigUpdate): Promise<AiConfigView> {
  return api.request<AiConfigView>(AI_ROUTES.config, { method: 'PUT', json: update })
}

export function probeLocalModels(api: ApiClient): Promise<AiProbeResponse> {
  return api.request<AiProbeResponse>(AI_ROUTES.probeLocal)
}

export interface ChatTurnOptions {
  onDelta: (text: string) => void
  signal: AbortSignal
}

/** One turn: resolves with the whole answer, rejects with an ApiError (the server's problem, or the lost socket). */
export function chatTurn(socket: LiveSocket, request: AiChatRequest, options: ChatTurnOptions): Promise<AiChatAnswer> {
  const id = socket.nextId()
  return new Promise<AiChatAnswer>((resolve, reject) => {
    const finish = () => {
      socket.release(id)
      options.signal.removeEventListener('abort', stop)
    }
    const stop = () => {
      socket.send({ op: 'cancel', id })
      finish()
      reject(new DOMException('Stopped by the user.', 'AbortError'))
    }
    if (options.signal.aborted) {
      reject(new DOMException('Stopped by the user.', 'AbortError'))
      return
    }
    options.signal.addEventListener('abort', stop, { once: true })
    socket.register(id, {
      onMessage: (message) => {
        if (message.op === 'ai.delta') options.onDelta(message.text)
        else if (message.op === 'ai.done') {
          finish()
          resolve(message.answer)
        } else if (message.op === 'error') {
          finish()
          reject(new ApiError(message.problem))
        }
      },
      onConnectionLost: (problem) => {
        finish()
        reject(new ApiError(problem))
      },
    })
    socket.send({ op: 'ai.chat', id, request })
  })
}
