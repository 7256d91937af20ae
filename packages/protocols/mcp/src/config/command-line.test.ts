import { describe, expect, it } from 'vitest'
import { commandLineServerName, splitCommandLine, stdioServerFromCommandLine } from './command-line.js'

describe('splitCommandLine', () => {
  it('splits words like a POSIX shell, quotes and backslashes included, expanding nothing', () => {
    expect(splitCommandLine(`npx -y "@scope/server name" 'a b' c\\ d $HOME "x\\"y" ''`)).toEqual([
      'npx',
      '-y',
      '@scope/server name',
      'a b',
      'c d',
      '$HOME',
      'x"y',
      '',
    ])
    expect(splitCommandLine('node a.js; rm -rf / | cat > out')).toEqual([
      'node',
      'a.js;',
      'rm',
      '-rf',
      '/',
      '|',
      'cat',
      '>',
      'out',
    ])
  })

  it('refuses an unclosed quote', () => {
    expect(() => splitCommandLine('node "a.js')).toThrow('unclosed double quote')
    expect(() => splitCommandLine("node 'a.js")).toThrow('unclosed single quote')
  })
})

describe('names of command-line servers', () => {
  it('are the program, or the package npx runs, without scope or version, made unique', () => {
    const none = () => false
    expect(commandLineServerName(['/usr/bin/node', 'server.js'], none)).toBe('node')
    expect(commandLineServerName(['npx', '-y', '@modelcontextprotocol/server-memory@2026.1.1'], none)).toBe(
      'server-memory',
    )
    expect(commandLineServerName(['uvx', 'mcp-server-git'], (n) => n === 'mcp-server-git')).toBe('mcp-server-git-2')
  })

  it('build an argv entry with an empty env', () => {
    expect(stdioServerFromCommandLine('python -m server --port 1', () => false)).toEqual({
      name: 'python',
      source: { kind: 'command-line' },
      transport: 'stdio',
      command: 'python',
      args: ['-m', 'server', '--port', '1'],
      env: {},
    })
    expect(() => stdioServerFromCommandLine('  ', () => false)).toThrow('needs a command line')
  })
})
