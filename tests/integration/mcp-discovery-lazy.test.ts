/**
 * Discovery of an MCP server with many tools answers what a sidebar needs — each tool's name, title, description and
 * annotations — and leaves each tool's form and schemas to `GET /api/method`, asked when the tool is opened; a server
 * with few tools is described whole at once. Real servers: two of our SDK-built lab servers, one with 300 more tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodDescriptionResponse, MethodInfo, ServiceInfo } from '@wirebench/core'
import { startLabServer } from '../servers/mcp/lab-server.js'
import type { LabServer } from '../servers/mcp/lab-server.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'

let many: LabServer
let few: LabServer
let wb: McpWorkbench
let manyTools: ServiceInfo
let fewTools: ServiceInfo
let answerBytes: number

const toolsOf = (services: ServiceInfo[]): ServiceInfo => {
  const tools = services.find((s) => s.protocol === 'mcp' && s.name === 'Tools')
  if (!tools) throw new Error(`no Tools service among ${services.map((s) => s.name).join(', ')}`)
  return tools
}
const methodOf = (service: ServiceInfo, name: string): MethodInfo => {
  const method = service.methods.find((m) => m.name === name)
  if (!method) throw new Error(`no tool ${name}`)
  return method
}

beforeAll(async () => {
  ;[many, few, wb] = await Promise.all([
    startLabServer({ generatedTools: 300, pageSize: 100 }),
    startLabServer(),
    startMcpWorkbench(),
  ])
  const response = await wb.api('/api/discover', { body: { urls: [many.url, few.url] } })
  const text = await response.text()
  answerBytes = Buffer.byteLength(text)
  const { services } = JSON.parse(text) as { services: ServiceInfo[] }
  manyTools = toolsOf(services.filter((s) => s.originUrl === many.url))
  fewTools = toolsOf(services.filter((s) => s.originUrl === few.url))
})
afterAll(async () => {
  await wb?.close()
  await Promise.all([many?.close(), few?.close()])
})

describe('a server with many tools', () => {
  it('lists every tool with its name, title, description and annotations, without its form or schemas', () => {
    expect(manyTools.methods).toHaveLength(318)
    for (const method of manyTools.methods) {
      expect(method.deferred).toBe(true)
      expect(method.inputType.fields).toEqual([])
      expect(method.mcp?.kind).toBe('tool')
      expect(method.mcp?.inputSchema).toBeUndefined()
      expect(method.mcp?.outputSchema).toBeUndefined()
    }
    expect(methodOf(manyTools, 'tool-0300').description).toBe('Generated tool number 300.')
    // Annotations decide the sidebar's and the pane's badges (and the destructive confirmation) before anything loads.
    expect(methodOf(manyTools, 'fails')).toMatchObject({
      summary: 'Always fails',
      mcp: { title: 'Always fails', annotations: { destructiveHint: true, openWorldHint: false } },
    })
    // The answer is the listing, not 318 forms and their schemas twice over.
    expect(answerBytes / manyTools.methods.length).toBeLessThan(700)
  })

  it('describes a tool when it is opened exactly as a short list describes it at discovery', async () => {
    for (const name of ['nested', 'weather-ok', 'fails', 'tool-0300']) {
      const query = new URLSearchParams({ protocol: 'mcp', url: many.url, service: 'Tools', method: name })
      const response = await wb.api(`/api/method?${query.toString()}`)
      expect(response.status).toBe(200)
      const { method } = (await response.json()) as MethodDescriptionResponse
      const described = name.startsWith('tool-') ? undefined : methodOf(fewTools, name)
      if (described) expect(method).toEqual(described)
      else expect(method.inputType.fields.map((f) => f.name)).toEqual(['id', 'label', 'flag'])
      expect(method.deferred).toBeUndefined()
    }
  })

  it('calls a listed tool that was never opened', async () => {
    const result = await wb.invoke({ url: many.url, service: 'Tools', method: 'tool-0300', messages: [{ id: 7 }] })
    expect(result.response).toEqual({ content: [{ type: 'text', text: 'tool-0300: {"id":7}' }] })
  })
})

describe('a server with few tools', () => {
  it('is described whole at discovery: forms and schemas, nothing deferred', () => {
    expect(fewTools.methods.some((m) => m.deferred === true)).toBe(false)
    const nested = methodOf(fewTools, 'nested')
    expect(nested.inputType.fields.map((f) => f.name)).toEqual([
      'name',
      'size',
      'count',
      'tags',
      'address',
      'lines',
      'note',
    ])
    expect(nested.mcp?.inputSchema).toMatchObject({ $defs: { Address: { type: 'object' } } })
    expect(methodOf(fewTools, 'weather-ok').mcp?.outputSchema).toMatchObject({
      required: ['temperature', 'conditions'],
    })
  })
})
