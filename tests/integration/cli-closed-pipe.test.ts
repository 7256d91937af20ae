/**
 * `wirebench call … | head -1` and `list --json | head -c …`: the built executable writing into a pipe whose reader
 * went away stops quietly with exit 0, no EPIPE stack trace.
 */
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo } from '@wirebench/demo'
import type { DemoHandle } from '@wirebench/demo'
import { cliBin, cliDirs, removeCliDirs, repoRoot, requireBuiltCli } from '../servers/server/cli-process.js'

/** Runs `wirebench <args> | <reader>` in bash; resolves with the CLI's own exit code, its stderr and what was read. */
function pipeInto(args: string[], reader: string): Promise<{ code: number; err: string; read: string }> {
  const quoted = [process.execPath, cliBin, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ')
  const script = `${quoted} 2>"$ERR_FILE" | ${reader}; echo "cli-exit=\${PIPESTATUS[0]}"; cat "$ERR_FILE"`
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: repoRoot,
      env: { ...process.env, WIREBENCH_LOG_LEVEL: 'warn', ERR_FILE: `${errFile}` },
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('error', reject)
    child.once('exit', () => {
      const match = /^cli-exit=(\d+)$/m.exec(out)
      if (!match?.[1]) return reject(new Error(`no exit code in:\n${out}`))
      resolve({
        code: Number(match[1]),
        read: out.slice(0, match.index),
        err: out.slice(match.index + match[0].length),
      })
    })
  })
}

let errFile = ''

describe('wirebench output into a closed pipe', () => {
  let demo: DemoHandle
  let configDir: string
  const urlOf = (protocol: string): string => demo.services.find((s) => s.protocol === protocol)?.url ?? ''

  beforeAll(async () => {
    requireBuiltCli()
    demo = await startDemo({ host: '127.0.0.1' })
    configDir = (await cliDirs()).configDir
    errFile = `${configDir}.stderr`
  })
  afterAll(async () => {
    await demo?.close()
    await removeCliDirs()
  })

  it('an endless SSE feed piped into head -1 stops with exit 0 and no stack', async () => {
    const { code, err, read } = await pipeInto(
      ['call', '--url', urlOf('sse'), 'events/subscribe', '--timeout', '20', '--config-dir', configDir],
      'head -1',
    )
    expect(JSON.parse(read)).toMatchObject({ data: { seq: expect.any(Number) } })
    expect(err).not.toMatch(/EPIPE|at .*\.js:\d+/)
    expect(code).toBe(0)
  })

  it('list --json piped into a reader that is already gone exits 0 without a stack', async () => {
    const { code, err } = await pipeInto(
      ['list', '--url', urlOf('grpc'), '--json', '--config-dir', configDir],
      // `true` reads nothing and exits: the pipe is closed long before discovery ends and the list is written.
      'true',
    )
    expect(err).not.toMatch(/EPIPE|at .*\.js:\d+/)
    expect(code).toBe(0)
  })
})
