/**
 * Response validation for MCP: a tool's `structuredContent` against its `outputSchema`, as the common
 * `ResponseValidation` whose pointers address the whole `tools/call` result the response viewer shows.
 */
import type { OutputValidation, ResponseValidation } from '@wirebench/core'

export function toolResultValidation(toolName: string, checked: OutputValidation): ResponseValidation {
  const problems = (checked.errors ?? []).map(({ path, message }) => ({
    pointer: path === '' && message.includes('no structuredContent') ? '' : `/structuredContent${path}`,
    message,
  }))
  return { valid: checked.valid, schema: `outputSchema of tool ${toolName}`, problems }
}
