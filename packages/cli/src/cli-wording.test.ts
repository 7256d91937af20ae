import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cliWording } from './cli-wording.js'

const context = { configDir: '/home/ada/.wirebench' }
const packagesDir = fileURLToPath(new URL('../../', import.meta.url))

/** Words of the workbench page that a terminal user cannot act on. */
const pageOnly = [
  /\{config[_-]dir\}/,
  /\/api\/mcp\/servers|\/api\/ws/,
  /\bdiscover (the \w+ |it )?again\b/i,
  /\(Connect\)/,
  /\bClick\b/,
  /\bPlugins panel\b|\bhub pane\b|\bmTLS panel\b|Environments → TLS trust/,
  /\bin the form\b|\bJSON editor\b/,
  /\bthe server log\b/,
  /\btick “Allow self-signed”/,
]

/**
 * Hints of steps the command line never takes: MCP authorization (Connect) starts only from the workbench page, and
 * an environment with OAuth authorization code is refused before any of its steps runs.
 */
const notFromTheCommandLine = ['protocols/mcp/src/oauth/', 'auth/src/oauth/authorization-code.ts']

/** The hint strings the plugins, the server's engine, auth and transport write (single-line literals after `hint:`). */
async function writtenHints(): Promise<Array<{ file: string; hint: string }>> {
  const roots = ['protocols', 'server/src/services', 'server/src/errors', 'auth/src', 'transport/src', 'sidecar/src']
  const files: string[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      const isSkipped = notFromTheCommandLine.some((part) => path.slice(packagesDir.length).startsWith(part))
      if (isSkipped) continue
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') await walk(path)
      else if (entry.isFile() && path.endsWith('.ts') && !path.endsWith('.test.ts')) files.push(path)
    }
  }
  for (const root of roots) await walk(join(packagesDir, root))
  const hints: Array<{ file: string; hint: string }> = []
  for (const file of files) {
    const text = await readFile(file, 'utf8')
    for (const match of text.matchAll(/hint:\s*(?:[^'"`\n]*\?\s*)?(['"`])((?:(?!\1).)+)\1/g)) {
      hints.push({ file: file.slice(packagesDir.length), hint: match[2]! })
    }
  }
  return hints
}

describe('cliWording', () => {
  it.each([
    [
      'Configured: a, b (/api/mcp/servers). Add it to {config_dir}/mcp.json or pass --mcp-config.',
      'Configured: a, b. Add it to /home/ada/.wirebench/mcp.json or pass --mcp-config.',
    ],
    [
      'Add it to {config_dir}/mcp.json (or start the workbench with --url mcp@stdio:<command line> or --mcp-config <file>), then use its address, mcp+stdio://<name>.',
      'Add it to /home/ada/.wirebench/mcp.json (or pass --url mcp@stdio:<command line> or --mcp-config <file>), then use its address, mcp+stdio://<name>.',
    ],
    [
      'Check that the server is up and reachable from this machine (VPN, firewall), then discover again.',
      'Check that the server is up and reachable from this machine (VPN, firewall), or give it more time with --timeout <seconds>.',
    ],
    [
      'Select an environment whose auth the server accepts, then discover again.',
      'Pass --env <name> whose auth the server accepts, then run the command again.',
    ],
    [
      'Discover the endpoint again: the schema may have changed.',
      'Run the command again: the schema may have changed.',
    ],
    ['Call again: the workbench reconnects.', 'Run the command again.'],
    [
      'Fill in bookId (marked path) in the form or the JSON editor; it is part of the URL.',
      'Fill in bookId (marked path) in the -d JSON; it is part of the URL.',
    ],
    [
      'Get a token from its authorization server (Connect), or give the environment a bearer token for it.',
      "The command line cannot sign in: give the environment (--env <name>) a bearer token for it, or pass -H 'Authorization: Bearer <token>' (the workbench page signs in with Connect).",
    ],
    ['Nothing is listening there: start the service.', 'Nothing is listening there: start the service.'],
  ])('%s', (text, expected) => {
    expect(cliWording(text, context)).toBe(expected)
  })

  it('leaves no page-only words in any hint the plugins and the server write', async () => {
    const hints = await writtenHints()
    // The sweep found the hints (a broken pattern would make this test pass on nothing).
    expect(hints.length).toBeGreaterThan(100)
    expect(hints.map((h) => h.hint)).toContain('Call again: the workbench reconnects.')
    const left = hints
      .map(({ file, hint }) => ({ file, hint: cliWording(hint, context) }))
      .filter(({ hint }) => pageOnly.some((pattern) => pattern.test(hint)))
    expect(left).toEqual([])
  })
})
