/**
 * The lab server's tools: one per behaviour the tests need (echoes, slow and progress calls, structured content that
 * matches or breaks its schema, server requests, a nested form, every content kind), and generated ones for long lists.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js'

const nestedSchema = {
  type: 'object',
  $defs: {
    Address: {
      type: 'object',
      properties: {
        street: { type: 'string', description: 'Street and number' },
        city: { type: 'string', default: 'Lyon' },
      },
      required: ['street'],
    },
  },
  properties: {
    name: { type: 'string', description: 'Who orders' },
    size: { type: 'string', enum: ['small', 'medium', 'large'], default: 'medium' },
    count: { type: 'integer', minimum: 1, default: 1 },
    tags: { type: 'array', items: { type: 'string' } },
    address: { $ref: '#/$defs/Address' },
    lines: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'number' } }, required: ['sku'] },
    },
    note: { type: ['string', 'null'], description: 'Anything ${canarySecret} else' },
  },
  required: ['name', 'address'],
} as const

const weatherSchema = {
  type: 'object' as const,
  properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
  required: ['temperature', 'conditions'],
}

export function baseTools(): Tool[] {
  const object = (properties: Record<string, object> = {}, required: string[] = []) => ({
    type: 'object' as const,
    properties,
    ...(required.length > 0 ? { required } : {}),
  })
  return [
    {
      name: 'echo',
      description: 'Echoes its message.',
      inputSchema: object({ message: { type: 'string' } }, ['message']),
    },
    { name: 'headers', description: 'Answers the request headers and URL it received.', inputSchema: object() },
    {
      name: 'slow',
      description: 'Waits `ms` milliseconds (or until cancelled).',
      inputSchema: object({ ms: { type: 'integer', default: 5000 } }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    {
      name: 'progress',
      description: 'Reports `steps` progress notifications, `delayMs` apart.',
      inputSchema: object({ steps: { type: 'integer', default: 3 }, delayMs: { type: 'integer', default: 20 } }),
    },
    {
      name: 'weather-ok',
      description: 'Valid structured content.',
      inputSchema: object(),
      outputSchema: weatherSchema,
    },
    {
      name: 'weather-bad',
      description: 'Structured content that breaks its own outputSchema.',
      inputSchema: object(),
      outputSchema: weatherSchema,
    },
    {
      name: 'weather-many',
      description: 'About 1.5 MB of readings, #9000 with a temperature that is no number.',
      inputSchema: object(),
      outputSchema: { type: 'object', properties: { readings: { type: 'array', items: weatherSchema } } },
    },
    {
      name: 'fails',
      description: 'Always reports a tool error.',
      inputSchema: object(),
      annotations: { destructiveHint: true, openWorldHint: false, title: 'Always fails' },
    },
    { name: 'ask', description: 'Asks the user for a color (elicitation).', inputSchema: object() },
    { name: 'sample', description: 'Asks the client’s model (sampling).', inputSchema: object() },
    { name: 'roots', description: 'Lists the client’s roots.', inputSchema: object() },
    { name: 'touch', description: 'Updates lab://readme (subscribers are told).', inputSchema: object() },
    { name: 'nested', description: 'A nested form.', inputSchema: nestedSchema as unknown as Tool['inputSchema'] },
    { name: 'contents', description: 'Every content block kind.', inputSchema: object() },
    { name: 'grow', description: 'Adds a tool and says the list changed.', inputSchema: object() },
    { name: 'ping-client', description: 'Pings the client.', inputSchema: object() },
    {
      name: 'needs-consent',
      description:
        'Refuses with URLElicitationRequiredError (-32042) until a consent page is finished; reports it finished 300 ms later.',
      inputSchema: object(),
    },
    {
      name: 'ask-then-withdraw',
      description: 'Asks the user, then withdraws the question after 200 ms.',
      inputSchema: object(),
    },
  ]
}

export function generatedTools(count: number): Tool[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `tool-${String(i + 1).padStart(4, '0')}`,
    description: `Generated tool number ${i + 1}.`,
    inputSchema: {
      type: 'object' as const,
      properties: { id: { type: 'integer' }, label: { type: 'string' }, flag: { type: 'boolean', default: false } },
      required: ['id'],
    },
  }))
}
