/**
 * Runs an exported snippet with the real tool it is written for: bash for curl, HTTPie and `wirebench call` (the
 * built CLI as a shell function), python3 for requests and httpx, node for JavaScript. Files a multipart snippet
 * reads are written into its working folder first.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { ExportFormat } from '@wirebench/core'

const execFileAsync = promisify(execFile)

/**
 * Runs a program with its standard input closed (HTTPie would wait for a body on an open one), or left open for
 * wscat, which quits as soon as its console input ends, as it would when a terminal closes.
 */
function run(
  file: string,
  args: string[],
  options: Parameters<typeof execFile>[2],
  isStdinKept = false,
): Promise<SnippetRun> {
  const pending = execFileAsync(file, args, { ...options, encoding: 'utf8' })
  if (!isStdinKept) pending.child.stdin?.end()
  return pending
}
const repoRoot = resolve(import.meta.dirname, '../../..')
export const cliBin = join(repoRoot, 'packages/cli/dist/bin.js')

export interface SnippetRun {
  stdout: string
  stderr: string
}

function has(command: string): boolean {
  return ['/usr/bin', '/usr/local/bin', '/bin'].some((dir) => existsSync(join(dir, command)))
}

/** Debian's python3, where `.ci/run` installs python3-requests (a pyenv python earlier on PATH may lack it). */
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3'

export const tools = {
  httpie: has('http'),
  python: has('python3'),
  httpx: false,
}

/** Whether the Python the tests run has httpx (Debian's python3 may not). */
export async function detectHttpx(): Promise<boolean> {
  try {
    await run(python, ['-c', 'import httpx'], {})
    tools.httpx = true
  } catch {
    tools.httpx = false
  }
  return tools.httpx
}

export async function runSnippet(
  format: ExportFormat,
  snippet: string,
  files: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<SnippetRun> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-snippet-'))
  try {
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content)
    const options = {
      cwd: dir,
      timeout: 30_000,
      env: {
        ...process.env,
        NO_COLOR: '1',
        PATH: `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
        ...env,
      },
    }
    switch (format) {
      case 'python-requests':
      case 'python-httpx':
        return await run(python, ['-c', snippet], options)
      case 'javascript-fetch': {
        await writeFile(join(dir, 'snippet.mjs'), snippet)
        return await run(process.execPath, [join(dir, 'snippet.mjs')], options)
      }
      case 'wirebench': {
        const prelude = `wirebench() { ${JSON.stringify(process.execPath)} ${JSON.stringify(cliBin)} "$@"; }\n`
        return await run('bash', ['-c', prelude + snippet], options)
      }
      case 'wscat':
        return await run('bash', ['-c', snippet], options, true)
      case 'curl':
      case 'httpie':
      case 'grpcurl':
      case 'websocat':
        return await run('bash', ['-c', snippet], options)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
