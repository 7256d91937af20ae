/**
 * A fresh clone, as a newcomer gets it: `git clone`, `npm ci`, `npm run build`, then the README's own command lines —
 * `npx wirebench --help` and `npx wirebench list --url "$REST"` — work as written. Slow (a whole install and build):
 * the one test of its kind.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo } from '@wirebench/demo'
import type { DemoHandle } from '@wirebench/demo'
import { readmeExamples, readmeVariables } from '../servers/cli/readme-examples.js'
import { repoRoot } from '../servers/server/cli-process.js'

function run(
  command: string,
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, out }))
  })
}

describe('a fresh clone', () => {
  let scratch: string
  let demo: DemoHandle
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'wb-fresh-clone-'))
    demo = await startDemo({ host: '127.0.0.1' })
  })
  afterAll(async () => {
    await demo?.close()
    await rm(scratch, { recursive: true, force: true })
  })

  it('runs the README’s npx wirebench commands after npm ci and npm run build', { timeout: 20 * 60_000 }, async () => {
    const clone = join(scratch, 'wirebench')
    const cloned = await run(`git clone --quiet --no-hardlinks '${repoRoot}' '${clone}'`, scratch)
    expect(cloned.code, cloned.out).toBe(0)
    const readme = await readFile(join(clone, 'README.md'), 'utf8')
    // The steps the README gives, in its words.
    expect(readme).toContain('After `npm ci` and `npm run build`')
    const install = await run('npm ci --prefer-offline --no-audit --no-fund', clone)
    expect(install.code, install.out.slice(-2000)).toBe(0)
    const build = await run('npm run build', clone)
    expect(build.code, build.out.slice(-2000)).toBe(0)

    const help = await run('npx wirebench --help', clone)
    expect(help.code, help.out).toBe(0)
    expect(help.out).toContain('Usage: wirebench')
    const list = (await readmeExamples(clone)).find((e) => e.line.startsWith('npx wirebench list'))
    expect(list?.line).toBe('npx wirebench list --url "$REST"')
    const urlOf = (protocol: string) => demo.services.find((s) => s.protocol === protocol)?.url ?? ''
    const listed = await run(list!.line, clone, { ...readmeVariables(urlOf), WIREBENCH_HOME: join(scratch, 'home') })
    expect(listed.code, listed.out).toBe(0)
    expect(listed.out).toMatch(/^Books\/getBook +unary GET/m)
  })
})
