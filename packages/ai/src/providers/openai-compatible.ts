/**
 * OpenAI-compatible chat completions (`POST {base}/chat/completions`, streamed as SSE `data:` chunks ending with
 * `[DONE]`): `openai`, `openrouter` and `lmstudio` (whose base is the server root; its API sits under `/v1`). Tool
 * calls arrive in pieces by `index` and are put together here.
 */
import type { AiMessage, AiProviderId } from '@wirebench/core'
import { WorkbenchError } from '@wirebench/core'
import { postJson, readJson, readSse } from './http.js'
import type { AiProvider, ProviderAnswer, ProviderRequest, RawToolCall } from './provider.js'

export interface OpenAiCompatibleOptions {
  id: Extract<AiProviderId, 'openai' | 'openrouter' | 'lmstudio'>
  baseUrl: string
  apiKey: string | null
}

interface ChunkToolCall {
  index?: number
  id?: string
  function?: { name?: string; arguments?: string }
}

interface Completion {
  choices?: { message?: { content?: string | null; tool_calls?: ChunkToolCall[] } }[]
}

interface Chunk {
  choices?: { delta?: { content?: string | null; tool_calls?: ChunkToolCall[] } }[]
  error?: { message?: string }
}

function chatUrl(options: OpenAiCompatibleOptions): string {
  const base = options.baseUrl.replace(/\/+$/, '')
  const api = options.id === 'lmstudio' && !base.endsWith('/v1') ? `${base}/v1` : base
  return `${api}/chat/completions`
}

function wireMessage(message: AiMessage): Record<string, unknown> {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content }
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return {
      role: 'assistant',
      content: message.content,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    }
  }
  return { role: message.role, content: message.content }
}

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  return {
    id: options.id,
    async chat(request: ProviderRequest): Promise<ProviderAnswer> {
      const headers: Record<string, string> = {}
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`
      const body: Record<string, unknown> = {
        model: request.model,
        // Streamed when someone reads the deltas (the live socket); one JSON answer otherwise.
        stream: request.onDelta !== undefined,
        messages: [{ role: 'system', content: request.system }, ...request.messages.map(wireMessage)],
      }
      if (request.tools.length > 0) {
        body.tools = request.tools.map((tool) => ({ type: 'function', function: tool }))
      }
      const secrets = options.apiKey ? [options.apiKey] : []
      const response = await postJson({
        provider: options.id,
        url: chatUrl(options),
        headers,
        body,
        signal: request.signal,
        model: request.model,
        secrets,
      })
      let content = ''
      const calls = new Map<number, { id?: string; name: string; arguments: string }>()
      const addToolCalls = (pieces: ChunkToolCall[]) => {
        pieces.forEach((piece, position) => {
          const index = piece.index ?? position
          const call = calls.get(index) ?? { name: '', arguments: '' }
          if (piece.id) call.id = piece.id
          if (piece.function?.name) call.name += piece.function.name
          if (piece.function?.arguments) call.arguments += piece.function.arguments
          calls.set(index, call)
        })
      }
      if (!response.isEventStream) {
        const message = ((await readJson(response.body)) as Completion).choices?.[0]?.message
        content = message?.content ?? ''
        if (content !== '') request.onDelta?.(content)
        addToolCalls(message?.tool_calls ?? [])
      } else
        await readSse(response.body, (data) => {
          if (data.trim() === '[DONE]') return
          const chunk = JSON.parse(data) as Chunk
          if (chunk.error) {
            throw new WorkbenchError('upstream_error', `${options.id}: ${chunk.error.message ?? 'the stream failed'}`)
          }
          const delta = chunk.choices?.[0]?.delta
          if (!delta) return
          if (typeof delta.content === 'string' && delta.content !== '') {
            content += delta.content
            request.onDelta?.(delta.content)
          }
          addToolCalls(delta.tool_calls ?? [])
        })
      const toolCalls: RawToolCall[] = [...calls.values()].map((call) => ({
        ...(call.id ? { id: call.id } : {}),
        name: call.name,
        arguments: call.arguments === '' ? {} : call.arguments,
      }))
      return { content, toolCalls }
    },
  }
}
