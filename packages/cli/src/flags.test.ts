import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UsageError, isLoopbackBind, resolveFlags } from './flags.js'
import type { RawFlags } from './flags.js'

const base: RawFlags = { port: '5080', host: '127.0.0.1', open: true, token: true }

describe('command line flags', () => {
  it('defaults to loopback, port 5080, ~/.wirebench, an unlocked URL list', () => {
    expect(resolveFlags(base, {})).toEqual({
      lockedUrls: null,
      port: 5080,
      host: '127.0.0.1',
      configDir: join(homedir(), '.wirebench'),
      open: true,
      token: true,
      demo: false,
      allowedHosts: [],
      mcpConfigFiles: [],
      mcpServers: [],
      pluginDirs: [],
      ai: {},
    })
  })

  it('keeps the --ai-* flags as an overlay, the provider compared case-insensitively', () => {
    const resolved = resolveFlags(
      { ...base, aiProvider: 'OpenAI', aiEndpoint: ' http://127.0.0.1:9/v1 ', aiModel: 'm', aiApiKey: 'sk-x' },
      {},
    )
    expect(resolved.ai).toEqual({ provider: 'openai', endpoint: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'sk-x' })
    expect(() => resolveFlags({ ...base, aiProvider: 'gemini' }, {})).toThrow(/--ai-provider gemini: unknown provider/)
  })

  it('resolves --workspace to an absolute folder the server opens as the active workspace', () => {
    expect(resolveFlags({ ...base, workspace: 'api-requests' }, {}).workspaceDir).toBe(
      join(process.cwd(), 'api-requests'),
    )
    expect(resolveFlags(base, {}).workspaceDir).toBeUndefined()
  })

  it('turns --url mcp@stdio:<command line> into a named stdio server (argv, no shell) and its locked address', () => {
    const resolved = resolveFlags(
      {
        ...base,
        url: [
          'mcp@stdio:npx -y @modelcontextprotocol/server-everything',
          `mcp@stdio:node "/opt/my servers/a.js" --flag 'two words' $HOME;rm`,
          'mcp@stdio:npx -y @modelcontextprotocol/server-everything',
        ],
        mcpConfig: ['relative/mcp.json'],
      },
      {},
    )
    expect(resolved.lockedUrls).toEqual([
      'mcp+stdio://server-everything',
      'mcp+stdio://node',
      'mcp+stdio://server-everything-2',
    ])
    expect(resolved.mcpServers[1]).toMatchObject({
      name: 'node',
      transport: 'stdio',
      command: 'node',
      args: ['/opt/my servers/a.js', '--flag', 'two words', '$HOME;rm'],
      source: { kind: 'command-line' },
    })
    expect(resolved.mcpConfigFiles).toEqual([join(process.cwd(), 'relative/mcp.json')])
  })

  it('refuses an mcp@stdio: command line it cannot split', () => {
    expect(() => resolveFlags({ ...base, url: ['mcp@stdio:node "unclosed'] }, {})).toThrow(UsageError)
    expect(() => resolveFlags({ ...base, url: ['mcp@stdio:   '] }, {})).toThrow(/needs a command line/)
  })

  it('takes the config dir from WIREBENCH_HOME unless --config-dir is given', () => {
    expect(resolveFlags(base, { WIREBENCH_HOME: '/srv/wb' }).configDir).toBe('/srv/wb')
    expect(resolveFlags({ ...base, configDir: '/tmp/x' }, { WIREBENCH_HOME: '/srv/wb' }).configDir).toBe('/tmp/x')
  })

  it('locks the URL list to the --url values, dropping blanks', () => {
    expect(resolveFlags({ ...base, url: ['http://a/', ' ', 'rest@http://b/'] }, {}).lockedUrls).toEqual([
      'http://a/',
      'rest@http://b/',
    ])
  })

  it('knows loopback binds from the rest', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])
      expect(isLoopbackBind(host), host).toBe(true)
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'example.com', '127.0.0.1.example.com']) {
      expect(isLoopbackBind(host), host).toBe(false)
    }
  })

  it('refuses non-loopback binds without --allow-remote, and with --no-token even then', () => {
    expect(() => resolveFlags({ ...base, host: '0.0.0.0' }, {})).toThrow(UsageError)
    expect(() => resolveFlags({ ...base, host: '0.0.0.0', allowRemote: true, token: false }, {})).toThrow(/--no-token/)
    expect(resolveFlags({ ...base, host: '0.0.0.0', allowRemote: true }, {}).allowedHosts).toEqual([])
  })

  it('admits an explicit bind address as a Host when remote access is allowed', () => {
    const options = resolveFlags({ ...base, host: '192.168.1.2', allowRemote: true, allowHost: ['wb.lan'] }, {})
    expect(options.allowedHosts).toEqual(['wb.lan', '192.168.1.2'])
  })

  it('binds a bracketed IPv6 address without its brackets', () => {
    expect(resolveFlags({ ...base, host: '[::1]' }, {}).host).toBe('::1')
  })

  it('rejects ports that are not numbers in range', () => {
    for (const port of ['-1', '65536', 'http', '80.5']) {
      expect(() => resolveFlags({ ...base, port }, {}), port).toThrow(/--port/)
    }
    expect(resolveFlags({ ...base, port: '0' }, {}).port).toBe(0)
  })
})
