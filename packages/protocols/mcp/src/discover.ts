/**
 * Discovery of one server over its pooled session: every page of `tools/list`, `resources/list`,
 * `resources/templates/list` and `prompts/list` (for the capabilities the server declared), described as services.
 */
import {
  ListPromptsResultSchema,
  ListResourceTemplatesResultSchema,
  ListResourcesResultSchema,
  ListToolsResultSchema,
} from '@modelcontextprotocol/sdk/types.js'
import type { AnySchema, SchemaOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { describeServer } from './describe/services.js'
import type { ServerDescription, ServerLists } from './describe/services.js'
import type { McpSession } from './session/mcp-session.js'

type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list'

/** Every page of one list; a cursor that repeats or pages beyond `maxPages` end it with an error saying so. */
async function listAll<S extends AnySchema, T>(
  session: McpSession,
  method: ListMethod,
  schema: S,
  items: (page: SchemaOutput<S>) => T[],
  ctx: CallContext,
  maxPages: number,
): Promise<T[]> {
  const all: T[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 0; page < maxPages; page++) {
    const result = await session.request(
      { method, ...(cursor === undefined ? {} : { params: { cursor } }) },
      schema,
      ctx,
    )
    all.push(...items(result))
    const next = (result as { nextCursor?: unknown }).nextCursor
    if (typeof next !== 'string') return all
    if (seen.has(next)) {
      throw new WorkbenchError(
        'upstream_invalid',
        `The server repeated the ${method} cursor "${next.slice(0, 64)}"; the list never ends.`,
      )
    }
    seen.add(next)
    cursor = next
  }
  throw new WorkbenchError(
    'payload_too_large',
    `The server's ${method} has more than ${maxPages} pages; discovery stopped there.`,
  )
}

export async function listServer(session: McpSession, ctx: CallContext, maxPages: number): Promise<ServerLists> {
  const capabilities = session.client.getServerCapabilities() ?? {}
  const none = Promise.resolve([])
  const [tools, resources, templates, prompts] = await Promise.all([
    capabilities.tools ? listAll(session, 'tools/list', ListToolsResultSchema, (r) => r.tools, ctx, maxPages) : none,
    capabilities.resources
      ? listAll(session, 'resources/list', ListResourcesResultSchema, (r) => r.resources, ctx, maxPages)
      : none,
    capabilities.resources
      ? listAll(
          session,
          'resources/templates/list',
          ListResourceTemplatesResultSchema,
          (r) => r.resourceTemplates,
          ctx,
          maxPages,
        )
      : none,
    capabilities.prompts
      ? listAll(session, 'prompts/list', ListPromptsResultSchema, (r) => r.prompts, ctx, maxPages)
      : none,
  ])
  return { tools, resources, templates, prompts }
}

export async function discoverServer(
  session: McpSession,
  address: string,
  ctx: CallContext,
  maxPages: number,
): Promise<ServerDescription> {
  const lists = await listServer(session, ctx, maxPages)
  return describeServer(address, lists, session.info())
}
