/** The server-everything fixture never leaves its child running: not after a failed start, not after close(). */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMcpEverything } from '../servers/sse/mcp-everything.js'

// A child that records its pid, ignores SIGTERM and stays up; it says it runs only when asked to.
const stubborn = (announce: boolean) => `
require('node:fs').writeFileSync(__filename + '.pid', String(process.pid))
process.on('SIGTERM', () => undefined)
${announce ? "process.stderr.write('Server is running\\n')" : ''}
setInterval(() => undefined, 1000)
`

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('the server-everything fixture', () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wb-mcp-fixture-'))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('kills the child when it does not start in time', async () => {
    const script = join(dir, 'silent.cjs')
    await writeFile(script, stubborn(false))
    await expect(startMcpEverything({ entryPoint: script, startTimeoutMs: 500 })).rejects.toThrow('did not start')
    const pid = Number(await readFile(`${script}.pid`, 'utf8'))
    expect(isRunning(pid)).toBe(false)
  })

  it('close() falls back to SIGKILL when the child ignores SIGTERM', async () => {
    const script = join(dir, 'deaf.cjs')
    await writeFile(script, stubborn(true))
    const server = await startMcpEverything({ entryPoint: script, closeGraceMs: 200 })
    const pid = Number(await readFile(`${script}.pid`, 'utf8'))
    expect(isRunning(pid)).toBe(true)
    await server.close()
    expect(isRunning(pid)).toBe(false)
  })
})
