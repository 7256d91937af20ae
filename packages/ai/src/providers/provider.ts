/** The one interface every provider implements: a conversation in, text (streamed as it comes) and tool calls out. */
import type { AiMessage, AiProviderId } from '@wirebench/core'

/** A tool as the model is told about it: a name, what it does, and a JSON Schema of its arguments. */
export interface ToolDefinition {
  name: string
  description: string
  parameters: Record<string, unknown>
}

/** A tool call as the provider sent it, before the service checks the name and the arguments. */
export interface RawToolCall {
  id?: string
  name: string
  /** A JSON object, or its text (OpenAI-compatible providers send a string). */
  arguments: unknown
}

export interface ProviderRequest {
  model: string
  /** Instructions and the redacted context. */
  system: string
  /** The conversation without `system` messages (they were merged into `system`). */
  messages: AiMessage[]
  tools: ToolDefinition[]
  signal: AbortSignal
  /** Text as it arrives; called zero or more times before the answer resolves. */
  onDelta?: (text: string) => void
}

export interface ProviderAnswer {
  content: string
  toolCalls: RawToolCall[]
}

export interface AiProvider {
  readonly id: AiProviderId
  chat(request: ProviderRequest): Promise<ProviderAnswer>
  /** Releases connections or processes (the mcp provider's session). */
  close?(): Promise<void>
}
