/**
 * Ollama's native chat API (`POST {base}/api/chat`, streamed as newline-delimited JSON until `done: true`). Tool
 * calls come whole, with their arguments as an object. A model that is not pulled answers 404 with Ollama's own
 * message, which the HTTP layer passes on with an `ollama pull` hint.
 */
import type { AiMessage } from '@wirebench/core'
import { WorkbenchError } from '@wirebench/core'
import { postJson, readNdjson } from './http.js'
import type { AiProvider, ProviderAnswer, ProviderRequest, RawToolCall } from './provider.js'

export interface OllamaOptions {
  baseUrl: string
}

interface Line {
  message?: { content?: string; tool_calls?: { id?: string; function?: { name?: string; arguments?: unknown } }[] }
  error?: string
  done?: boolean
}

function wireMessage(message: AiMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { role: message.role, content: message.content }
  if (message.toolCalls && message.toolCalls.length > 0) {
    out.tool_calls = message.toolCalls.map((call) => ({ function: { name: call.name, arguments: call.arguments } }))
  }
  if (message.role === 'tool' && message.toolCallId) out.tool_call_id = message.toolCallId
  return out
}

export function createOllamaProvider(options: OllamaOptions): AiProvider {
  return {
    id: 'ollama',
    async chat(request: ProviderRequest): Promise<ProviderAnswer> {
      const body: Record<string, unknown> = {
        model: request.model,
        stream: request.onDelta !== undefined,
        messages: [{ role: 'system', content: request.system }, ...request.messages.map(wireMessage)],
      }
      if (request.tools.length > 0) body.tools = request.tools.map((tool) => ({ type: 'function', function: tool }))
      const response = await postJson({
        provider: 'ollama',
        url: `${options.baseUrl.replace(/\/+$/, '')}/api/chat`,
        headers: {},
        body,
        signal: request.signal,
        model: request.model,
        secrets: [],
      })
      let content = ''
      const toolCalls: RawToolCall[] = []
      // Without streaming the answer is one JSON object: the same line shape, once.
      await readNdjson(response.body, (value) => {
        const line = value as Line
        if (line.error) {
          throw new WorkbenchError('upstream_error', `ollama: ${line.error}`, {
            hint: `If the model is missing, run "ollama pull ${request.model}".`,
          })
        }
        const text = line.message?.content
        if (text) {
          content += text
          request.onDelta?.(text)
        }
        for (const call of line.message?.tool_calls ?? []) {
          toolCalls.push({
            ...(call.id ? { id: call.id } : {}),
            name: call.function?.name ?? '',
            arguments: call.function?.arguments ?? {},
          })
        }
      })
      return { content, toolCalls }
    },
  }
}
