/**
 * The demo MCP server's resources: the menu (text), the logo (a blob), recipes by dish (a template whose variable
 * completes), and a clock whose subscribers are told every few seconds that it changed.
 */
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js'

export const dishes = ['ratatouille', 'risotto', 'ramen', 'tarte tatin', 'tajine']

const recipes: Record<string, string> = {
  ratatouille: 'Courgettes, aubergines, peppers and tomatoes, slowly stewed with thyme.',
  risotto: 'Arborio rice, stock added a ladle at a time, parmesan and butter at the end.',
  ramen: 'Noodles in a long-simmered broth with tare, egg and spring onion.',
  'tarte tatin': 'Apples caramelised in butter and sugar under a pastry lid, turned out warm.',
  tajine: 'Lamb, apricots and almonds cooked slowly in a clay pot with ras el hanout.',
}

// A 1×1 transparent PNG.
const logo = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

export const clockUri = 'demo://clock'

/** Registers the resources; returns what to stop when the session ends. */
export function registerResources(server: McpServer, updateEveryMs: number): () => void {
  server.registerResource(
    'menu',
    'demo://menu',
    { title: 'Today’s menu', description: 'What the kitchen serves today.', mimeType: 'text/markdown' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/markdown', text: dishes.map((d) => `- ${d}`).join('\n') }],
    }),
  )
  server.registerResource('logo', 'demo://logo.png', { title: 'Logo', mimeType: 'image/png' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/png', blob: logo }],
  }))
  server.registerResource(
    'clock',
    clockUri,
    { title: 'Clock', description: 'The time; subscribe to hear when it changes.', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: new Date().toISOString() }] }),
  )
  server.registerResource(
    'recipe',
    new ResourceTemplate('demo://recipes/{dish}', {
      list: undefined,
      complete: { dish: (value) => dishes.filter((dish) => dish.startsWith(value.toLowerCase())) },
    }),
    { title: 'Recipe', description: 'A recipe by dish name (the dish completes).', mimeType: 'text/plain' },
    (uri, { dish }) => {
      const name = decodeURIComponent(String(dish))
      const recipe = recipes[name]
      if (!recipe) throw new Error(`No recipe for "${name}"; try ${dishes.join(', ')}.`)
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: recipe }] }
    },
  )

  const subscribed = new Set<string>()
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri)
    return {}
  })
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri)
    return {}
  })
  const timer = setInterval(() => {
    if (subscribed.has(clockUri)) void server.server.sendResourceUpdated({ uri: clockUri }).catch(() => undefined)
  }, updateEveryMs)
  timer.unref()
  return () => clearInterval(timer)
}
