import { describe, expect, it } from 'vitest'
import { parseMcpServersDocument } from './parse.js'

const source = { kind: 'file', path: '/home/me/.wirebench/mcp.json' } as const

describe('parseMcpServersDocument', () => {
  it('reads stdio and HTTP entries of the mcpServers format, resolving a relative cwd', () => {
    const parsed = parseMcpServersDocument(
      JSON.stringify({
        mcpServers: {
          files: {
            command: 'npx',
            args: ['-y', 'fs'],
            env: { TOKEN: 't' },
            cwd: 'work',
            roots: [{ uri: 'file:///tmp' }],
          },
          remote: { url: 'https://example.com/mcp', headers: { authorization: 'Bearer x' } },
        },
      }),
      { source, resolveCwd: (cwd) => `/home/me/.wirebench/${cwd}` },
    )
    expect(parsed.issues).toEqual([])
    expect(parsed.servers).toEqual([
      {
        name: 'files',
        source,
        roots: [{ uri: 'file:///tmp' }],
        transport: 'stdio',
        command: 'npx',
        args: ['-y', 'fs'],
        env: { TOKEN: 't' },
        cwd: '/home/me/.wirebench/work',
      },
      {
        name: 'remote',
        source,
        transport: 'http',
        url: 'https://example.com/mcp',
        headers: { authorization: 'Bearer x' },
      },
    ])
  })

  it('reads VS Code’s servers key and type field', () => {
    const parsed = parseMcpServersDocument(
      JSON.stringify({
        servers: { web: { type: 'http', url: 'http://localhost:3000/mcp' }, cli: { type: 'stdio', command: 'x' } },
      }),
      { source },
    )
    expect(parsed.servers.map((s) => [s.name, s.transport])).toEqual([
      ['web', 'http'],
      ['cli', 'stdio'],
    ])
  })

  it('keeps the good entries and names what is wrong with the others', () => {
    const parsed = parseMcpServersDocument(
      JSON.stringify({
        mcpServers: {
          ok: { command: 'node' },
          'bad name': { command: 'node' },
          args: { command: 'node', args: 'x' },
          env: { command: 'node', env: { A: 1 } },
          neither: {},
          ftp: { url: 'ftp://x' },
          off: { command: 'node', disabled: true },
        },
      }),
      { source },
    )
    expect(parsed.servers.map((s) => s.name)).toEqual(['ok'])
    expect(parsed.issues.map((i) => [i.server, i.message])).toEqual([
      ['bad name', expect.stringContaining('cannot be used in an address')],
      ['args', '"args" must be an array of strings.'],
      ['env', '"env" must map names to strings.'],
      ['neither', expect.stringContaining('needs "command"')],
      ['ftp', '"url" must be an http(s) URL.'],
      ['off', expect.stringContaining('Disabled')],
    ])
  })

  it('reports a file that is not JSON or has no mcpServers', () => {
    expect(parseMcpServersDocument('{', { source }).issues[0]?.message).toContain('Not valid JSON')
    expect(parseMcpServersDocument('[]', { source }).issues[0]?.message).toContain('"mcpServers"')
  })
})
