/**
 * Response validation for MCP: a tool's `structuredContent` against its `outputSchema`, as the common
 * `ResponseValidation` whose pointers address the whole `tools/call` result the response viewer shows. Content over
 * the validator's inline limit is checked in the server's worker, like any large answer.
 */
import type {
  OutputValidation,
  PendingValidation,
  ResponseValidation,
  ResponseValidator,
  SchemaValidationJob,
} from '@wirebench/core'
import { validateToolOutput } from './output-validation.js'

export function toolResultValidation(toolName: string, checked: OutputValidation): ResponseValidation {
  const problems = (checked.errors ?? []).map(({ path, message }) => ({
    pointer: path === '' && message.includes('no structuredContent') ? '' : `/structuredContent${path}`,
    message,
  }))
  return { valid: checked.valid, schema: `outputSchema of tool ${toolName}`, problems }
}

/** One worker key per schema object: a rediscovered tool brings a new object (and maybe a new schema). */
const schemaKeys = new WeakMap<object, string>()
let nextSchemaId = 1

function keyOf(schema: object): string {
  let key = schemaKeys.get(schema)
  if (key === undefined) schemaKeys.set(schema, (key = `mcp-output:${nextSchemaId++}`))
  return key
}

export type ToolValidation =
  { outputValidation: OutputValidation; validation: ResponseValidation } | { validationPending: PendingValidation }

/** A tool result checked against the tool's `outputSchema`: inline, or in the worker when its content is large. */
export function checkToolResult(
  tool: { name: string; outputSchema: object },
  result: { structuredContent?: unknown; isError?: unknown },
  validator: ResponseValidator | undefined,
): ToolValidation {
  const content = result.structuredContent
  if (validator !== undefined && content !== undefined) {
    // The content's size is only known as text; serializing costs far less than checking it on this thread.
    const text = JSON.stringify(content)
    if (Buffer.byteLength(text) > validator.inlineLimitBytes) {
      // `$schema` naming draft-07 would make the 2020-12 checker look for a meta-schema it lacks; the keywords apply.
      const { $schema: _ignored, ...schema } = tool.outputSchema as Record<string, unknown>
      const job: SchemaValidationJob = {
        key: keyOf(tool.outputSchema),
        schema,
        schemaName: `outputSchema of tool ${tool.name}`,
        body: text,
        pointerPrefix: '/structuredContent',
      }
      return { validationPending: validator.submit(job) }
    }
  }
  const outputValidation = validateToolOutput(tool.outputSchema, result)
  return { outputValidation, validation: toolResultValidation(tool.name, outputValidation) }
}
