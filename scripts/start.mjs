// `npm start`: build what is missing or stale, then run the workbench in demo mode (extra args are passed on).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cliBin = join(root, 'packages', 'cli', 'dist', 'bin.js')
const uiDir = join(root, 'packages', 'ui')

function run(command, args, label) {
  process.stderr.write(`wirebench: ${label}…\n`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  return result.status === 0
}

/** Newest modification time under a path (files and folders), 0 when it does not exist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

// tsc -b is incremental: with nothing changed it only compares time stamps.
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
if (!run(process.execPath, [tsc, '-b', 'tsconfig.build.json'], 'compiling the packages (incremental)')) {
  if (!existsSync(cliBin)) {
    process.stderr.write('wirebench: the build failed and there is no CLI to run; see the errors above.\n')
    process.exit(1)
  }
  process.stderr.write('wirebench: the build reported errors; starting with what was emitted.\n')
}

const uiIndex = join(uiDir, 'dist', 'index.html')
const uiSources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(uiDir, p))
const uiStale = !existsSync(uiIndex) || Math.max(...uiSources.map(newestMtime)) > statSync(uiIndex).mtimeMs
if (uiStale) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  if (!run(npm, ['run', 'build', '-w', '@wirebench/ui'], 'building the UI')) {
    process.stderr.write('wirebench: the UI build failed; the server will say so at its address.\n')
  }
}

const child = spawn(process.execPath, [cliBin, '--demo', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })
// Ctrl+C in a terminal already reaches the child (same process group); forwarding it too would read as a second, forceful one.
process.on('SIGINT', () => {
  if (!process.stdin.isTTY) child.kill('SIGINT')
})
process.on('SIGTERM', () => child.kill('SIGTERM'))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
