/**
 * Two more MCP reference servers no one here wrote, each over stdio from the workbench's configuration:
 * `@modelcontextprotocol/server-filesystem` started without directory arguments, so what it may touch comes only from
 * the roots the workbench answers (configured, then replaced from the session channel), and
 * `@modelcontextprotocol/server-memory` keeping its knowledge graph in the file its configured `env` names.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult } from '@wirebench/core'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'
import { openSessionChannel } from '../servers/mcp/session-channel.js'

const require = createRequire(import.meta.url)
const entry = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js')

let wb: McpWorkbench
let scratch: string
let allowed: string
let other: string
let memoryFile: string

const textOf = (result: InvokeResult): string =>
  (result.response as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('\n')

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'wb-mcp-ref-'))
  allowed = join(scratch, 'allowed')
  other = join(scratch, 'other')
  memoryFile = join(scratch, 'memory.jsonl')
  await Promise.all([mkdir(allowed), mkdir(other)])
  await writeFile(join(allowed, 'hello.txt'), 'hello from the allowed root\n')
  await writeFile(join(other, 'secret.txt'), 'not yours\n')
  wb = await startMcpWorkbench({
    mcp: {
      servers: [
        {
          name: 'filesystem',
          transport: 'stdio',
          command: process.execPath,
          args: [entry('@modelcontextprotocol/server-filesystem')],
          env: {},
          roots: [{ uri: pathToFileURL(allowed).href, name: 'allowed' }],
          source: { kind: 'command-line' },
        },
        {
          name: 'memory',
          transport: 'stdio',
          command: process.execPath,
          args: [entry('@modelcontextprotocol/server-memory')],
          env: { MEMORY_FILE_PATH: memoryFile },
          source: { kind: 'command-line' },
        },
      ],
    },
  })
}, 30_000)
afterAll(async () => {
  await wb?.close()
  await rm(scratch, { recursive: true, force: true })
})

describe('server-filesystem over stdio, confined by the roots the workbench answers', () => {
  const fs = (method: string, message: object = {}) =>
    wb.invoke({ url: 'mcp+stdio://filesystem', service: 'Tools', method, messages: [message] })

  it('is discovered with its tools and works inside the configured root', async () => {
    const discovered = await wb.discover(['mcp+stdio://filesystem'])
    const tools = discovered.services.find((s) => s.name === 'Tools')!.methods.map((m) => m.name)
    expect(tools).toEqual(expect.arrayContaining(['read_text_file', 'write_file', 'list_allowed_directories']))
    await expect.poll(async () => textOf(await fs('list_allowed_directories')), { timeout: 10_000 }).toContain(allowed)
    expect(textOf(await fs('read_text_file', { path: join(allowed, 'hello.txt') }))).toContain(
      'hello from the allowed root',
    )
    await fs('write_file', { path: join(allowed, 'written.txt'), content: 'written through the workbench' })
    expect(await readFile(join(allowed, 'written.txt'), 'utf8')).toBe('written through the workbench')
  })

  it('refuses a path outside the roots, as a tool error', async () => {
    const result = await fs('read_text_file', { path: join(other, 'secret.txt') })
    expect(result.status).toBe('Unknown')
    expect(textOf(result)).toMatch(/outside allowed directories|Access denied/i)
  })

  it('follows roots replaced from the session channel', async () => {
    const live = await wb.connect()
    const channel = await openSessionChannel(live, 'mcp+stdio://filesystem')
    await channel.send({ op: 'setRoots', roots: [{ uri: pathToFileURL(other).href, name: 'other' }], id: 'roots' })
    await channel.waitFor('reply', (e) => e.id === 'roots')
    await channel.waitFor(
      'requestAnswered',
      (e) => e.method === 'roots/list' && JSON.stringify(e.result).includes('other'),
    )
    await expect
      .poll(async () => textOf(await fs('read_text_file', { path: join(other, 'secret.txt') })))
      .toContain('not yours')
    expect((await fs('read_text_file', { path: join(allowed, 'hello.txt') })).status).toBe('Unknown')
    channel.close()
  })
})

describe('server-memory over stdio, with the env its entry configures', () => {
  const memory = (method: string, message: object = {}) =>
    wb.invoke({ url: 'mcp+stdio://memory', service: 'Tools', method, messages: [message] })

  it('creates entities and relations, finds them, and keeps them in the configured file', async () => {
    const discovered = await wb.discover(['mcp+stdio://memory'])
    const create = discovered.services
      .find((s) => s.name === 'Tools')!
      .methods.find((m) => m.name === 'create_entities')!
    // An array of objects becomes a repeated nested message in the form.
    expect(create.inputType.fields[0]).toMatchObject({
      name: 'entities',
      type: 'message',
      isRepeated: true,
      required: true,
    })
    await memory('create_entities', {
      entities: [
        { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
        { name: 'Analytical Engine', entityType: 'machine', observations: ['never finished'] },
      ],
    })
    await memory('create_relations', {
      relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }],
    })
    const found = await memory('search_nodes', { query: 'program' })
    expect(textOf(found)).toContain('Ada')
    const graph = (await memory('read_graph')).response as { structuredContent?: { relations: unknown[] } }
    expect(JSON.stringify(graph)).toContain('programmed')
    expect(await readFile(memoryFile, 'utf8')).toContain('"name":"Ada"')
  })
})
