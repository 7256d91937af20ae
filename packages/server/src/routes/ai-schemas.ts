/** Body schemas of the AI routes and the live `ai.chat` op: shapes and bounds; the AI package checks the meaning. */
import { AI_TOOL_NAMES } from '@wirebench/core'

const toolCallSchema = {
  type: 'object',
  required: ['id', 'name', 'arguments'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', maxLength: 256 },
    name: { type: 'string', enum: [...AI_TOOL_NAMES] },
    arguments: { type: 'object' },
  },
} as const

const messageSchema = {
  type: 'object',
  required: ['role', 'content'],
  additionalProperties: false,
  properties: {
    role: { type: 'string', enum: ['system', 'user', 'assistant', 'tool'] },
    content: { type: 'string', maxLength: 256 * 1024 },
    toolCalls: { type: 'array', maxItems: 32, items: toolCallSchema },
    toolCallId: { type: 'string', maxLength: 256 },
  },
} as const

export const aiChatBodySchema: Record<string, unknown> = {
  type: 'object',
  required: ['messages'],
  additionalProperties: false,
  properties: {
    messages: { type: 'array', minItems: 1, maxItems: 200, items: messageSchema },
    context: { type: 'object' },
    tools: { type: 'array', maxItems: AI_TOOL_NAMES.length, items: { type: 'string', enum: [...AI_TOOL_NAMES] } },
  },
}

export const aiConfigBodySchema: Record<string, unknown> = {
  type: 'object',
  required: ['provider'],
  additionalProperties: false,
  properties: {
    provider: { type: 'string', minLength: 1, maxLength: 64 },
    endpoint: { type: 'string', maxLength: 4096 },
    model: { type: 'string', maxLength: 512 },
    apiKey: { type: ['string', 'null'], maxLength: 4096 },
    autoDetectLocal: { type: 'boolean' },
  },
}
