/**
 * The demo MCP server's tools: a converter with an output schema (structured content the workbench checks), a coffee
 * machine that reports progress, a booking that asks the user for details (elicitation), and a shout.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

export function registerTools(server: McpServer): void {
  server.registerTool(
    'convert-temperature',
    {
      title: 'Convert a temperature',
      description: 'Converts degrees Celsius to Fahrenheit and Kelvin (structured content with an output schema).',
      inputSchema: { celsius: z.number().describe('Degrees Celsius').default(21) },
      outputSchema: { fahrenheit: z.number(), kelvin: z.number() },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ celsius }) => {
      const result = {
        fahrenheit: Math.round((celsius * 9) / 5 + 32),
        kelvin: Math.round((celsius + 273.15) * 100) / 100,
      }
      return {
        content: [{ type: 'text', text: `${celsius} °C = ${result.fahrenheit} °F = ${result.kelvin} K` }],
        structuredContent: result,
      }
    },
  )

  server.registerTool(
    'brew-coffee',
    {
      title: 'Brew coffee',
      description: 'Brews a coffee in a few steps, reporting progress after each one.',
      inputSchema: {
        drink: z.enum(['espresso', 'cappuccino', 'flat white']).default('espresso'),
        steps: z.number().int().min(1).max(20).default(5).describe('How many steps to report'),
        stepMs: z.number().int().min(10).max(2000).default(400).describe('Milliseconds per step'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ drink, steps, stepMs }, extra) => {
      const token = extra._meta?.progressToken
      const stages = ['grinding', 'tamping', 'heating', 'extracting', 'steaming', 'pouring']
      for (let step = 1; step <= steps; step++) {
        await sleep(stepMs, extra.signal)
        if (extra.signal.aborted)
          return { content: [{ type: 'text', text: `The ${drink} was abandoned.` }], isError: true }
        if (token !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: steps, message: stages[(step - 1) % stages.length] },
          })
        }
      }
      return { content: [{ type: 'text', text: `Your ${drink} is ready.` }] }
    },
  )

  server.registerTool(
    'book-table',
    {
      title: 'Book a table',
      description: 'Asks you for the booking details (an elicitation), then confirms or tells you it was cancelled.',
      inputSchema: { restaurant: z.string().default('Chez Wirebench') },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async ({ restaurant }) => {
      const answer = await server.server.elicitInput({
        mode: 'form',
        message: `Booking at ${restaurant}: who, how many and when?`,
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Name', minLength: 1 },
            guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
            time: { type: 'string', title: 'Time', enum: ['19:00', '19:30', '20:00', '20:30'] },
            terrace: { type: 'boolean', title: 'On the terrace', default: false },
          },
          required: ['name', 'time'],
        },
      })
      if (answer.action !== 'accept' || !answer.content) {
        return { content: [{ type: 'text', text: `No booking (${answer.action}).` }] }
      }
      const { name, guests, time } = answer.content as { name: string; guests?: number; time: string }
      return {
        content: [{ type: 'text', text: `Booked ${restaurant} for ${name}, ${guests ?? 2} guests at ${time}.` }],
      }
    },
  )

  server.registerTool(
    'shout',
    {
      description: 'Repeats a message in capitals.',
      inputSchema: { message: z.string().describe('What to shout') },
      annotations: { readOnlyHint: true },
    },
    ({ message }) => ({ content: [{ type: 'text', text: message.toUpperCase() }] }),
  )
}
