/**
 * The Anthropic Messages API (`POST {base}/v1/messages`, `stream: true`): text arrives as `content_block_delta`
 * `text_delta`s, a tool call as a `tool_use` block whose input comes in `input_json_delta` pieces; an `error` event
 * ends the stream with the provider's own message.
 */
import type { AiMessage } from '@wirebench/core'
import { WorkbenchError } from '@wirebench/core'
import { postJson, readJson, readSse } from './http.js'
import type { AiProvider, ProviderAnswer, ProviderRequest, RawToolCall } from './provider.js'

export const ANTHROPIC_VERSION = '2023-06-01'
const maxTokens = 4096

export interface AnthropicOptions {
  baseUrl: string
  apiKey: string
}

interface StreamEvent {
  type?: string
  index?: number
  content_block?: { type?: string; id?: string; name?: string; text?: string }
  delta?: { type?: string; text?: string; partial_json?: string }
  error?: { type?: string; message?: string }
}

/** Tool answers travel as user turns holding `tool_result` blocks; consecutive ones are merged into one turn. */
function wireMessages(messages: AiMessage[]): Record<string, unknown>[] {
  const out: { role: string; content: unknown[] }[] = []
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user'
    const blocks: unknown[] = []
    if (message.role === 'tool') {
      blocks.push({ type: 'tool_result', tool_use_id: message.toolCallId ?? '', content: message.content })
    } else {
      if (message.content !== '') blocks.push({ type: 'text', text: message.content })
      for (const call of message.toolCalls ?? []) {
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments })
      }
    }
    const last = out.at(-1)
    if (last && last.role === role) last.content.push(...blocks)
    else out.push({ role, content: blocks })
  }
  return out
}

export function createAnthropicProvider(options: AnthropicOptions): AiProvider {
  return {
    id: 'anthropic',
    async chat(request: ProviderRequest): Promise<ProviderAnswer> {
      const body: Record<string, unknown> = {
        model: request.model,
        max_tokens: maxTokens,
        stream: request.onDelta !== undefined,
        system: request.system,
        messages: wireMessages(request.messages),
      }
      if (request.tools.length > 0) {
        body.tools = request.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.parameters,
        }))
      }
      const response = await postJson({
        provider: 'anthropic',
        url: `${options.baseUrl.replace(/\/+$/, '')}/v1/messages`,
        headers: { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        body,
        signal: request.signal,
        model: request.model,
        secrets: [options.apiKey],
      })
      let content = ''
      const blocks = new Map<number, { id?: string; name: string; json: string }>()
      if (!response.isEventStream) {
        const message = (await readJson(response.body)) as {
          content?: { type?: string; text?: string; id?: string; name?: string; input?: unknown }[]
        }
        const toolCalls: RawToolCall[] = []
        for (const block of message.content ?? []) {
          if (block.type === 'text' && block.text) content += block.text
          if (block.type === 'tool_use') {
            toolCalls.push({
              ...(block.id ? { id: block.id } : {}),
              name: block.name ?? '',
              arguments: block.input ?? {},
            })
          }
        }
        if (content !== '') request.onDelta?.(content)
        return { content, toolCalls }
      }
      await readSse(response.body, (data) => {
        const event = JSON.parse(data) as StreamEvent
        switch (event.type ?? '') {
          case 'content_block_start':
            if (event.content_block?.type === 'tool_use') {
              blocks.set(event.index ?? blocks.size, {
                ...(event.content_block.id ? { id: event.content_block.id } : {}),
                name: event.content_block.name ?? '',
                json: '',
              })
            }
            return
          case 'content_block_delta':
            if (event.delta?.type === 'text_delta' && event.delta.text) {
              content += event.delta.text
              request.onDelta?.(event.delta.text)
            } else if (event.delta?.type === 'input_json_delta') {
              const block = blocks.get(event.index ?? -1)
              if (block) block.json += event.delta.partial_json ?? ''
            }
            return
          case 'error':
            throw new WorkbenchError(
              'upstream_error',
              `anthropic: ${event.error?.message ?? 'the stream failed'} (${event.error?.type ?? 'error'})`,
              { hint: 'The provider ended the answer with an error; ask again in a moment.' },
            )
          default:
            return
        }
      })
      const toolCalls: RawToolCall[] = [...blocks.values()].map((block) => ({
        ...(block.id ? { id: block.id } : {}),
        name: block.name,
        arguments: block.json === '' ? {} : block.json,
      }))
      return { content, toolCalls }
    },
  }
}
