/**
 * `wirebench list`, `describe` and `call` against MCP servers, run in process as the executable runs them: the demo's
 * kitchen over Streamable HTTP, and the reference server-everything over stdio, started only from the command line's
 * trusted configuration (`--url 'mcp@stdio:<command line>'` or an `--mcp-config` file, then `mcp+stdio://<name>`).
 */
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodInfo } from '@wirebench/core'
import { startMcpDemo } from '@wirebench/demo'
import type { DemoServiceHandle } from '@wirebench/demo'
import { runCli } from '../servers/cli/run-cli.js'
import { startLabServer } from '../servers/mcp/lab-server.js'
import type { LabServer } from '../servers/mcp/lab-server.js'

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js')
/** server-everything over stdio, as a command line: the program and its arguments, split on spaces (no shell). */
const stdioPin = `mcp@stdio:${process.execPath} ${everything} stdio`

describe('wirebench list, describe and call against MCP servers', () => {
  let kitchen: DemoServiceHandle
  let lab: LabServer
  let dir: string
  let configFile: string
  const cli = (args: string[]) => runCli([...args, '--config-dir', dir])

  beforeAll(async () => {
    ;[kitchen, lab] = await Promise.all([startMcpDemo({ host: '127.0.0.1', port: 0 }), startLabServer()])
    dir = await mkdtemp(join(tmpdir(), 'wb-cli-mcp-'))
    configFile = join(dir, 'servers.json')
    await writeFile(
      configFile,
      JSON.stringify({ mcpServers: { reference: { command: process.execPath, args: [everything, 'stdio'] } } }),
      { mode: 0o600 },
    )
  })
  afterAll(async () => {
    await Promise.all([kitchen?.close(), lab?.close()])
    await rm(dir, { recursive: true, force: true })
  })

  it('describes a tool of a server whose many tools discovery lists without their forms', async () => {
    const many = await startLabServer({ generatedTools: 300, pageSize: 100 })
    try {
      const described = await cli(['describe', '--url', many.url, 'Tools/nested', '--json'])
      expect(described.code, described.err).toBe(0)
      const { method, example } = JSON.parse(described.out) as { method: MethodInfo; example: unknown }
      expect(method.deferred).toBeUndefined()
      expect(method.inputType.fields.map((f) => f.name)).toEqual([
        'name',
        'size',
        'count',
        'tags',
        'address',
        'lines',
        'note',
      ])
      expect(example).toMatchObject({ size: 'medium', address: { city: 'Lyon' } })
      const text = await cli(['describe', '--url', many.url, 'Tools'])
      expect(text.code, text.err).toBe(0)
      expect(text.out).toMatch(/^wirebench-lab\.Tools\/tool-0300 {2}\(mcp, Unary\)$/m)
      expect(text.out).toContain('Generated tool number 300.')
      expect(text.out).toMatch(/^ *flag +bool/m)
    } finally {
      await many.close()
    }
  })

  it('lists, describes and calls a Streamable HTTP server: a tool with arguments, a resource, a tool error', async () => {
    const url = kitchen.service.url
    const list = await cli(['list', '--url', url])
    expect(list.code, list.err).toBe(0)
    expect(list.out).toMatch(/^Tools\/convert-temperature +unary +Convert a temperature$/m)
    expect(list.out).toMatch(/^Resources\/menu +unary /m)
    const described = await cli(['describe', '--url', url, 'Tools/convert-temperature', '--json'])
    expect(described.code, described.err).toBe(0)
    expect(JSON.parse(described.out)).toMatchObject({ method: { name: 'convert-temperature' } })
    const converted = await cli(['call', '--url', url, 'Tools/convert-temperature', '-d', '{"celsius": 100}'])
    expect(converted.code, converted.err).toBe(0)
    expect(JSON.parse(converted.out)).toMatchObject({ structuredContent: { fahrenheit: 212 } })
    const menu = await cli(['call', '--url', url, 'Resources/menu'])
    expect(menu.code, menu.err).toBe(0)
    expect(JSON.parse(menu.out)).toMatchObject({
      contents: [{ uri: 'demo://menu', text: expect.stringContaining('risotto') }],
    })
    const refused = await cli(['call', '--url', url, 'Tools/shout', '-d', '{}'])
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.out)).toMatchObject({ isError: true })
  })

  it('prints the JSON-RPC request of a tool call, a resource read and a prompt with -v, secrets masked', async () => {
    const url = kitchen.service.url
    const tool = await cli([
      'call',
      '--url',
      url,
      'Tools/convert-temperature',
      '-d',
      '{"celsius": 100}',
      '-H',
      'authorization: Bearer kitchen-pass',
      '-v',
    ])
    expect(tool.code, tool.err).toBe(0)
    expect(tool.err).toContain(`> POST ${url}\n`)
    expect(tool.err).toMatch(/^> authorization: \*\*\*$/m)
    expect(tool.err).toMatch(
      /^> \{"jsonrpc":"2\.0","method":"tools\/call","params":\{"name":"convert-temperature","arguments":\{"celsius":100\},"_meta":\{"progressToken":/m,
    )
    expect(tool.err).not.toContain('kitchen-pass')
    const menu = await cli(['call', '--url', url, 'Resources/menu', '-v'])
    expect(menu.code, menu.err).toBe(0)
    expect(menu.err).toMatch(/^> \{"jsonrpc":"2\.0","method":"resources\/read","params":\{"uri":"demo:\/\/menu"/m)
    // A --var value is a secret of the command line: masked wherever it appears, the JSON-RPC body included.
    const prompt = await cli([
      'call',
      '--url',
      url,
      'Prompts/plan-menu',
      '-d',
      '{"cuisine": "${cuisine}"}',
      '--var',
      'cuisine=secret-ligurian',
      '-v',
    ])
    expect(prompt.code, prompt.err).toBe(0)
    expect(prompt.err).toMatch(
      /^> \{"jsonrpc":"2\.0","method":"prompts\/get","params":\{"name":"plan-menu","arguments":\{"cuisine":"\*\*\*"\}/m,
    )
    expect(prompt.err).not.toContain('secret-ligurian')
  })

  it("starts a stdio server from --url 'mcp@stdio:…' and lists, describes and calls it", async () => {
    const list = await cli(['list', '--url', stdioPin])
    expect(list.code, list.err).toBe(0)
    expect(list.out).toMatch(/^Tools\/get-sum +unary /m)
    const described = await cli(['describe', '--url', stdioPin, 'Tools/get-sum', '--json'])
    expect(described.code, described.err).toBe(0)
    const { method } = JSON.parse(described.out) as { method: MethodInfo }
    expect(method.inputType.fields.map((f) => f.name)).toEqual(['a', 'b'])
    const sum = await cli(['call', '--url', stdioPin, 'Tools/get-sum', '-d', '{"a": 2, "b": 3}'])
    expect(sum.code, sum.err).toBe(0)
    expect(JSON.parse(sum.out)).toMatchObject({ content: [{ type: 'text', text: expect.stringContaining('is 5') }] })
    const resource = await cli(['call', '--url', stdioPin, 'Resources/architecture.md'])
    expect(resource.code, resource.err).toBe(0)
    expect(JSON.parse(resource.out)).toMatchObject({
      contents: [{ uri: 'demo://resource/static/document/architecture.md', text: expect.any(String) }],
    })
  })

  it('calls the servers of an --mcp-config file by their mcp+stdio:// name: a template resource, a tool', async () => {
    const flags = ['--mcp-config', configFile, '--url', 'mcp+stdio://reference']
    const template = await cli([
      'call',
      ...flags,
      'Resource templates/Dynamic Text Resource',
      '-d',
      '{"resourceId": "7"}',
    ])
    expect(template.code, template.err).toBe(0)
    expect(JSON.parse(template.out)).toMatchObject({ contents: [{ uri: 'demo://resource/dynamic/text/7' }] })
    const echo = await cli(['call', ...flags, 'Tools/echo', '-d', '{"message": "hi from the CLI"}'])
    expect(echo.code, echo.err).toBe(0)
    expect(echo.out).toContain('hi from the CLI')
  })

  it('starts nothing for an mcp+stdio:// name no trusted configuration gives, and says where to add it', async () => {
    const unknown = await cli(['list', '--url', 'mcp+stdio://reference'])
    expect(unknown.code).toBe(3)
    expect(unknown.err).toMatch(/No stdio MCP server named "reference" is configured; nothing was started/)
    expect(unknown.err).toContain('--mcp-config')
    // In the command line's words: the real config directory, no server route.
    expect(unknown.err).toContain(`Add it to ${join(dir, 'mcp.json')} or pass --mcp-config`)
    expect(unknown.err).not.toMatch(/\{config_dir\}|\/api\/mcp\/servers/)
    const empty = await cli(['list', '--url', 'mcp@stdio:'])
    expect(empty.code).toBe(2)
  })

  it('refuses an --mcp-config file every user may write, and runs nothing it names', async () => {
    // The spy: the configured command writes this file if it ever runs.
    const marker = join(dir, 'ran.txt')
    const script = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`
    const open = join(dir, 'open.json')
    await writeFile(open, JSON.stringify({ mcpServers: { spy: { command: process.execPath, args: ['-e', script] } } }))
    await chmod(open, 0o666)
    const refused = await cli(['call', '--mcp-config', open, '--url', 'mcp+stdio://spy', 'Tools/anything', '-d', '{}'])
    expect(refused.code).toBe(3)
    expect(refused.err).toMatch(/No stdio MCP server named "spy" is configured; nothing was started/)
    expect(refused.err).toContain(`wirebench: ${open}: Not used: every user may write this file`)
    await expect(stat(marker)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('declines an elicitation at once, saying the command line cannot answer server requests', async () => {
    const started = Date.now()
    const asked = await cli(['call', '--url', lab.url, 'Tools/ask', '-d', '{}', '--timeout', '20'])
    // Not the 20 s timeout nor the 120 s answer window: the server heard "decline" straight away.
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(asked.code, asked.err).toBe(0)
    expect(JSON.parse(asked.out)).toMatchObject({ structuredContent: { action: 'decline' } })
    expect(asked.err).toMatch(/the command line cannot answer server requests/)
  })
})
