import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { configOf, repoRoot } from '../servers/server/cli-process.js'

describe('npm start (scripts/start.mjs)', () => {
  it(
    'builds what is stale, runs the demo, forwards extra args and stops on SIGTERM',
    { timeout: 240_000 },
    async () => {
      const home = await mkdtemp(join(tmpdir(), 'wb-npm-start-'))
      const child = spawn(process.execPath, ['scripts/start.mjs', '--no-open', '--port', '0'], {
        cwd: repoRoot,
        env: { ...process.env, WIREBENCH_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      try {
        const deadline = Date.now() + 200_000
        let match: RegExpExecArray | null = null
        while (!match && Date.now() < deadline && child.exitCode === null) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          match = /Open:\s+(http:\/\/\S+?)\/#token=([0-9a-f]{64})/.exec(out)
        }
        if (!match) throw new Error(`npm start printed no URL:\n${out}`)
        const base = match[1]!
        expect(out).toContain('Demo services:')
        const page = await fetch(`${base}/`)
        expect(page.status).toBe(200)
        const config = configOf(await page.text())
        expect(config).toMatchObject({ demo: true, lockedUrls: null, tokenRequired: true })
        // REST, gRPC, GraphQL, SSE, WebSocket, SignalR and MCP demo services and the toy lab (spoken by the Python
        // example sidecar), each on its own port, and server-everything over stdio (named in the demo's mcp.json).
        expect((config.demoUrls as string[]).map((url) => new URL(url).protocol)).toEqual([
          'http:',
          'http:',
          'http:',
          'http:',
          'ws:',
          'http:',
          'http:',
          'toy:',
          'mcp+stdio:',
        ])
        child.kill('SIGTERM')
        expect(await exited).toBe(0)
        await expect(fetch(`${base}/`)).rejects.toThrow()
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL')
        await rm(home, { recursive: true, force: true })
      }
    },
  )
})

describe('the wirebench command npm links', () => {
  // npm links bins when it installs, before any build: the link must exist in a fresh clone and run the built CLI.
  it('runs `npx wirebench --version` from the repository root', async () => {
    const child = spawn('npx', ['--no-install', 'wirebench', '--version'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+$/)
    expect(code).toBe(0)
  })
})
