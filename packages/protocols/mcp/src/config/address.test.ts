import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { isStdioAddress, stdioAddress, stdioNameOf } from './address.js'

describe('mcp+stdio:// addresses', () => {
  it('name a configured server and nothing else', () => {
    expect(stdioAddress('everything')).toBe('mcp+stdio://everything')
    expect(isStdioAddress('MCP+STDIO://x')).toBe(true)
    expect(stdioNameOf('mcp+stdio://Everything')).toBe('Everything')
    expect(stdioNameOf('mcp+stdio://everything/')).toBe('everything')
    for (const refused of [
      'mcp+stdio://x?command=rm',
      'mcp+stdio://x/bin/sh',
      'mcp+stdio://user@x',
      'mcp+stdio://x:22',
      'mcp+stdio://x#frag',
      'mcp+stdio://',
      'http://x',
    ]) {
      expect(() => stdioNameOf(refused), refused).toThrow(WorkbenchError)
    }
  })
})
