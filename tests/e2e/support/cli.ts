/** Starts the real `wirebench` CLI as a child process on a free port with a throwaway config dir, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const repoRoot = resolve(import.meta.dirname, '../../..')
const cliBin = join(repoRoot, 'packages/cli/dist/bin.js')
const uiIndex = join(repoRoot, 'packages/ui/dist/index.html')

export interface CliOptions {
  demo?: boolean
  /** `--url` flags: the URL list is locked when any is given. */
  urls?: string[]
  /** `--mcp-config` files (trusted MCP server configuration). */
  mcpConfigs?: string[]
  /** `--plugin-dir` flags (sidecar plugins). */
  pluginDirs?: string[]
}

export interface RunningCli {
  /** The URL the CLI prints, with `#token=` when a token is required. */
  openUrl: string
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Demo service discovery URLs the banner lists. */
  demoUrls: string[]
  /** The throwaway `--config-dir` (the default workspace lives under `workspaces/default`). */
  configDir: string
  output: () => string
  stop: () => Promise<void>
}

function assertBuilt(): void {
  const missing = [cliBin, uiIndex].filter((file) => !existsSync(file))
  if (missing.length) {
    throw new Error(
      `Build first (npm run build): missing ${missing.map((f) => f.slice(repoRoot.length + 1)).join(', ')}`,
    )
  }
}

async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      done(true)
    })
  })
}

export async function startCli(options: CliOptions = {}): Promise<RunningCli> {
  assertBuilt()
  const configDir = await mkdtemp(join(tmpdir(), 'wirebench-e2e-'))
  const args = [cliBin, '--no-open', '--port', '0', '--config-dir', configDir]
  if (options.demo) args.push('--demo')
  for (const url of options.urls ?? []) args.push('--url', url)
  for (const file of options.mcpConfigs ?? []) args.push('--mcp-config', file)
  for (const dir of options.pluginDirs ?? []) args.push('--plugin-dir', dir)
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const stop = async () => {
    child.kill('SIGTERM')
    if (!(await waitForExit(child, 5000))) {
      child.kill('SIGKILL')
      await waitForExit(child, 2000)
    }
    await rm(configDir, { recursive: true, force: true })
  }

  try {
    const openUrl = await new Promise<string>((found, fail) => {
      const timer = setTimeout(() => fail(new Error(`The CLI printed no URL within 30 s:\n${output}`)), 30_000)
      const check = () => {
        const match = /Open:\s+(\S+)/.exec(output)
        // Wait for the whole banner so the demo URLs are there too.
        if (match?.[1] && output.includes('Ctrl+C')) {
          clearTimeout(timer)
          found(match[1])
        }
      }
      child.stdout.on('data', check)
      child.once('exit', (code) => {
        clearTimeout(timer)
        fail(new Error(`The CLI exited with ${code} before printing its URL:\n${output}`))
      })
    })
    const demoUrls = [...output.matchAll(/^\s{4}\S+\s+.+?\s(https?:\/\/\S+)$/gm)].map((m) => m[1]!)
    return { openUrl, origin: new URL(openUrl).origin, demoUrls, configDir, output: () => output, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
