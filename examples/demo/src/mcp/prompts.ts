/** The demo MCP server's prompt: a menu plan whose cuisine argument completes. */
import { completable } from '@modelcontextprotocol/sdk/server/completable.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

export const cuisines = ['french', 'italian', 'japanese', 'moroccan', 'mexican']

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'plan-menu',
    {
      title: 'Plan a menu',
      description: 'A prompt to plan a dinner menu; the cuisine completes.',
      argsSchema: {
        cuisine: completable(z.string().describe('The cuisine'), (value) =>
          cuisines.filter((cuisine) => cuisine.startsWith(value.toLowerCase())),
        ),
        guests: z.string().describe('How many guests').optional(),
      },
    },
    ({ cuisine, guests }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Plan a ${cuisine} dinner menu for ${guests ?? 'four'} guests: a starter, a main and a dessert.`,
          },
        },
      ],
    }),
  )
}
