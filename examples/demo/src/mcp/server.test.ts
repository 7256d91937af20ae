import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../service-handle.js'
import { startMcpDemo } from './server.js'

describe('the demo MCP server (kitchen)', () => {
  let demo: DemoServiceHandle
  let client: Client
  const updates: string[] = []

  beforeAll(async () => {
    demo = await startMcpDemo({ host: '127.0.0.1', clockMs: 50 })
    client = new Client({ name: 'demo-test', version: '1' }, { capabilities: { elicitation: { form: {} } } })
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { name: 'Ada', guests: 3, time: '20:00' },
    }))
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri))
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.service.url)))
  })
  afterAll(async () => {
    await client?.close()
    await demo?.close()
  })

  it('offers four tools, one with an output schema', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['convert-temperature', 'brew-coffee', 'book-table', 'shout'])
    expect(tools[0]?.outputSchema).toMatchObject({ type: 'object', properties: { fahrenheit: { type: 'number' } } })
  })

  it('converts with structured content, brews with progress and books through an elicitation', async () => {
    const converted = await client.callTool({ name: 'convert-temperature', arguments: { celsius: 100 } })
    expect(converted.structuredContent).toEqual({ fahrenheit: 212, kelvin: 373.15 })
    const progress: number[] = []
    await client.callTool({ name: 'brew-coffee', arguments: { steps: 3, stepMs: 10 } }, undefined, {
      onprogress: (p) => void progress.push(p.progress),
    })
    expect(progress).toEqual([1, 2, 3])
    const booked = await client.callTool({ name: 'book-table', arguments: {} })
    expect(booked.content).toEqual([{ type: 'text', text: 'Booked Chez Wirebench for Ada, 3 guests at 20:00.' }])
  })

  it('serves text, a blob, a template whose variable completes, and a clock that tells its subscribers', async () => {
    const menu = await client.readResource({ uri: 'demo://menu' })
    expect(menu.contents[0]).toMatchObject({ mimeType: 'text/markdown' })
    const logo = await client.readResource({ uri: 'demo://logo.png' })
    expect(logo.contents[0]).toMatchObject({ blob: expect.any(String) })
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['demo://recipes/{dish}'])
    const recipe = await client.readResource({ uri: 'demo://recipes/risotto' })
    expect(recipe.contents[0]).toMatchObject({ text: expect.stringContaining('Arborio') })
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'demo://recipes/{dish}' },
      argument: { name: 'dish', value: 'ra' },
    })
    expect(completion.completion.values).toEqual(['ratatouille', 'ramen'])
    await client.subscribeResource({ uri: 'demo://clock' })
    await expect.poll(() => updates.includes('demo://clock')).toBe(true)
  })

  it('offers a prompt whose cuisine completes', async () => {
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'plan-menu' },
      argument: { name: 'cuisine', value: 'm' },
    })
    expect(completion.completion.values).toEqual(['moroccan', 'mexican'])
    const prompt = await client.getPrompt({ name: 'plan-menu', arguments: { cuisine: 'french' } })
    expect(prompt.messages[0]?.content).toMatchObject({ text: expect.stringContaining('french dinner') })
  })
})
