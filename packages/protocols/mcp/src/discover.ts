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
import { createToolDescriber, describeServer } from './describe/services.js'
import type { ServerDescription, ServerLists } from './describe/services.js'
import type { McpSession } from './session/mcp-session.js'

type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list'

/**
 * Every page of one list; a cursor that repeats or pages beyond `maxPages` end it with an error saying so. The next
 * page is asked for as soon as this one names it.
 */
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
  const ask = (cursor: string | undefined) =>
    session.request({ method, ...(cursor === undefined ? {} : { params: { cursor } }) }, schema, ctx)
  let pending: Promise<SchemaOutput<S>> | undefined = ask(undefined)
  for (let page = 1; pending; page++) {
    const result: SchemaOutput<S> = await pending
    pending = undefined
    const next = (result as { nextCursor?: unknown }).nextCursor
    if (typeof next === 'string') {
      if (seen.has(next)) {
        throw new WorkbenchError(
          'upstream_invalid',
          `The server repeated the ${method} cursor "${next.slice(0, 64)}"; the list never ends.`,
        )
      }
      if (page >= maxPages) {
        throw new WorkbenchError(
          'payload_too_large',
          `The server's ${method} has more than ${maxPages} pages; discovery stopped there.`,
        )
      }
      seen.add(next)
      pending = ask(next)
    }
    all.push(...items(result))
  }
  return all
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
  // A few tools are described whole; many are listed without their forms, each described when opened.
  return describeServer(address, lists, session.info(), createToolDescriber(address, lists.tools))
}
