/**
 * The AI package's routes, registered only when the server was given the package (`ai` option): `GET|PUT
 * /api/ai/config` (never the key), `POST /api/ai/chat`, `GET /api/ai/probe-local`. Thin over the AI service; the
 * gates of every route apply (host, origin, session token) before a body is parsed. Bodies are never logged.
 */
import { AI_ROUTES } from '@wirebench/core'
import type { AiChatAnswer, AiChatRequest, AiConfigUpdate, AiConfigView, AiProbeResponse } from '@wirebench/core'
import type { AiService } from '@wirebench/ai'
import type { FastifyInstance } from 'fastify'
import type { AiChatRunner } from '../services/ai-chat.js'
import { aiChatBodySchema, aiConfigBodySchema } from './ai-schemas.js'
import { clientGone } from './deps.js'

export interface AiRouteDeps {
  ai: AiService
  chat: AiChatRunner
  jsonBodyBytes: number
}

export function registerAiRoutes(app: FastifyInstance, deps: AiRouteDeps): void {
  app.get(AI_ROUTES.config, async (_request, reply): Promise<AiConfigView> => {
    void reply.header('cache-control', 'no-store')
    return deps.ai.view()
  })

  app.put<{ Body: AiConfigUpdate }>(
    AI_ROUTES.config,
    { schema: { body: aiConfigBodySchema }, bodyLimit: deps.jsonBodyBytes },
    async (request, reply): Promise<AiConfigView> => {
      void reply.header('cache-control', 'no-store')
      return deps.ai.update(request.body)
    },
  )

  app.post<{ Body: AiChatRequest }>(
    AI_ROUTES.chat,
    { schema: { body: aiChatBodySchema }, bodyLimit: deps.jsonBodyBytes },
    async (request, reply): Promise<AiChatAnswer> => {
      const controller = new AbortController()
      const stopListening = clientGone(reply).onCancel(() => controller.abort())
      try {
        void reply.header('cache-control', 'no-store')
        return await deps.chat(request.body, { signal: controller.signal })
      } finally {
        stopListening()
      }
    },
  )

  app.get(AI_ROUTES.probeLocal, async (_request, reply): Promise<AiProbeResponse> => {
    void reply.header('cache-control', 'no-store')
    return deps.ai.probe()
  })
}
