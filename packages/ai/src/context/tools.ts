/**
 * The tools a model may call (list_services … invoke), as JSON Schemas the providers pass on, and the check of what a
 * model sends back: an unknown tool, or arguments that are not an object, are dropped. A known tool the page did not
 * offer (an `invoke` while the user has it off) is passed on all the same: the page, which knows what it offered,
 * refuses it where the user sees it and tells the model so, instead of the call vanishing. The page carries the calls out; `invoke`
 * only after the user confirmed the exact request.
 */
import { AI_TOOL_NAMES } from '@wirebench/core'
import type { AiToolCall, AiToolName } from '@wirebench/core'
import type { RawToolCall, ToolDefinition } from '../providers/provider.js'

const methodRef = {
  service: { type: 'string', description: 'The service’s full name, as list_services shows it.' },
  method: { type: 'string', description: 'The method name.' },
  url: { type: 'string', description: 'The discovery URL, when several services share the name.' },
}
const request = {
  message: { type: 'object', description: 'The request body as JSON.' },
  metadata: { type: 'object', additionalProperties: { type: 'string' }, description: 'Headers to set.' },
}

const definitions: Record<AiToolName, Omit<ToolDefinition, 'name'>> = {
  list_services: {
    description: 'List the discovered services and their methods.',
    parameters: { type: 'object', properties: { filter: { type: 'string' } } },
  },
  describe_method: {
    description: 'Describe one method: its fields, types and documentation.',
    parameters: { type: 'object', required: ['service', 'method'], properties: methodRef },
  },
  open_method: {
    description: 'Open a method in the workbench so the user sees its request form.',
    parameters: { type: 'object', required: ['service', 'method'], properties: methodRef },
  },
  fill_request: {
    description: 'Fill the request form of a method; the user sees the change and sends it themselves.',
    parameters: { type: 'object', required: ['service', 'method'], properties: { ...methodRef, ...request } },
  },
  explain_response: {
    description: 'Explain the last response the user received.',
    parameters: { type: 'object', properties: { focus: { type: 'string' } } },
  },
  invoke: {
    description: 'Send a request. The user is shown the exact request and must confirm it before anything is sent.',
    parameters: { type: 'object', required: ['service', 'method'], properties: { ...methodRef, ...request } },
  },
}

export function toolDefinitions(offered: readonly AiToolName[]): ToolDefinition[] {
  return AI_TOOL_NAMES.filter((name) => offered.includes(name)).map((name) => ({ name, ...definitions[name] }))
}

function argumentsOf(raw: unknown): Record<string, unknown> | undefined {
  let value = raw
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return undefined
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** The calls worth passing to the page: known tools with object arguments, each with an id. */
export function acceptToolCalls(raw: readonly RawToolCall[]): AiToolCall[] {
  const out: AiToolCall[] = []
  raw.forEach((call, index) => {
    const name = AI_TOOL_NAMES.find((tool) => tool === call.name)
    const args = argumentsOf(call.arguments)
    if (name === undefined || args === undefined) return
    out.push({ id: call.id ?? `call_${index + 1}`, name, arguments: args } as AiToolCall)
  })
  return out
}
