/** Spawns the built `wirebench` CLI for integration tests and reads the URL it prints. */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
export const cliBin = join(repoRoot, 'packages', 'cli', 'dist', 'bin.js')

export function requireBuiltCli(): void {
  if (!existsSync(cliBin)) throw new Error(`${cliBin} is missing: run npx tsc -b tsconfig.build.json first.`)
}

export interface CliRun {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const child = spawn(process.execPath, [cliBin, ...args], {
    cwd: repoRoot,
    env: { ...process.env, WIREBENCH_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, stdout: () => out, stderr: () => err, exited }
}

/** Waits until the CLI printed its URL; returns the base URL and the token (null with --no-token). */
export async function waitForUrl(run: CliRun, timeoutMs = 20_000): Promise<{ base: string; token: string | null }> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = /Open:\s+(http:\/\/\S+?)\/(?:#token=([0-9a-f]{64}))?\s/.exec(run.stdout())
    if (match?.[1]) return { base: match[1], token: match[2] ?? null }
    if (run.child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`No URL printed.\nstdout:\n${run.stdout()}\nstderr:\n${run.stderr()}`)
}

export async function stopCli(run: CliRun): Promise<number | null> {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM')
  return (await run.exited).code
}

const tempRoots: string[] = []

/** Removes every dir `cliDirs` made. */
export async function removeCliDirs(): Promise<void> {
  await Promise.all(tempRoots.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
}

/** A throwaway config dir and a minimal UI build with the config placeholder. */
export async function cliDirs(): Promise<{ configDir: string; uiDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'wb-cli-'))
  tempRoots.push(root)
  const uiDir = join(root, 'ui')
  await mkdir(join(uiDir, 'assets'), { recursive: true })
  await writeFile(
    join(uiDir, 'index.html'),
    '<!doctype html><html><head><!--wirebench-config--></head><body></body></html>',
  )
  return { configDir: join(root, 'config'), uiDir }
}

export function configOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="wirebench-config">(.*?)<\/script>/s.exec(html)
  if (!match?.[1]) throw new Error(`no config in page:\n${html}`)
  return JSON.parse(match[1]) as Record<string, unknown>
}
