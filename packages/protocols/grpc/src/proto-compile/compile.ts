/** Compiles an uploaded .proto set to a FileDescriptorSet with buf, in a private temporary directory. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'
import { bufBinaryPath } from './buf-binary.js'
import { parseBufDiagnostics } from './diagnostics.js'
import { layOutProtoFiles } from './file-set.js'
import type { LaidOutFile } from './file-set.js'
import { runBuf } from './run-buf.js'
import type { CompiledProtos, CompileProtoOptions, ProtoDiagnostic } from './types.js'

const defaultTimeoutMs = 20_000
const maxStdoutBytes = 64 * 1024 * 1024
const maxStderrChars = 256 * 1024
// buf exits with 100 when it found problems in the files (as opposed to failing to run).
const fileAnnotationsExitCode = 100

// At most this many compilers run at once; a burst of uploads waits its turn instead of forking without bound.
const maxConcurrent = 2
let running = 0
const waiting: (() => void)[] = []

async function acquire(signal: AbortSignal | undefined): Promise<() => void> {
  if (running >= maxConcurrent) {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = waiting.indexOf(wake)
        if (index !== -1) waiting.splice(index, 1)
        reject(new WorkbenchError('cancelled', 'Compilation cancelled.', { cause: signal?.reason }))
      }
      const wake = () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      waiting.push(wake)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }
  running++
  return () => {
    running--
    waiting.shift()?.()
  }
}

async function writeTree(root: string, files: readonly LaidOutFile[]): Promise<void> {
  for (const file of files) {
    const target = join(root, ...file.path.split('/'))
    await mkdir(dirname(target), { recursive: true, mode: 0o700 })
    // 'wx' refuses to write through anything already there, a symlink included.
    await writeFile(target, file.content, { flag: 'wx', mode: 0o600 })
  }
}

export async function compileProtoFiles(options: CompileProtoOptions): Promise<CompiledProtos> {
  const files = layOutProtoFiles(options.files, options.entry)
  const executable = bufBinaryPath()
  const release = await acquire(options.signal)
  let home: string | undefined
  try {
    home = await mkdtemp(join(tmpdir(), 'wirebench-proto-'))
    const workDir = join(home, 'src')
    await mkdir(workDir, { mode: 0o700 })
    await writeTree(workDir, files)
    const args = [
      'build',
      '.',
      // Inline config: no buf.yaml is read from disk, so no dependency is ever fetched from a registry.
      '--config',
      '{"version":"v2"}',
      '--disable-symlinks',
      '--as-file-descriptor-set',
      '--error-format',
      'json',
      '--output',
      '-',
    ]
    if (options.includeSourceInfo === false) args.push('--exclude-source-info')
    const run = await runBuf({
      executable,
      args,
      cwd: workDir,
      homeDir: home,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
      maxStdoutBytes,
      maxStderrChars,
    })
    if (run.exitCode === 0) {
      return { fileDescriptorSet: run.stdout, files: files.map((f) => ({ name: f.name, path: f.path })) }
    }
    const diagnostics = parseBufDiagnostics({ stderr: run.stderr, files, workDir })
    throw compileError(diagnostics, run.exitCode)
  } finally {
    release()
    if (home !== undefined) await rm(home, { recursive: true, force: true })
  }
}

function compileError(diagnostics: ProtoDiagnostic[], exitCode: number): WorkbenchError {
  const [first] = diagnostics
  if (first === undefined) {
    return new WorkbenchError('internal', `The protobuf compiler (buf) failed with exit code ${exitCode}.`)
  }
  const where = first.file ? `${first.file}${first.line ? `:${first.line}:${first.column ?? 1}` : ''}: ` : ''
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : ''
  const missing = [...new Set(diagnostics.flatMap((d) => (d.missingImport ? [d.missingImport] : [])))]
  const hint =
    missing.length > 0
      ? `Upload ${missing.map(describeMissing).join(', ')} together with the files that import ${missing.length > 1 ? 'them' : 'it'}.`
      : exitCode === fileAnnotationsExitCode
        ? 'Fix the marked lines and upload the files again.'
        : 'Check that the files are .proto source text.'
  return new WorkbenchError('invalid_document', `The .proto files do not compile: ${where}${first.message}${more}`, {
    hint,
    details: { diagnostics },
  })
}

function describeMissing(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1)
  return base === path ? base : `${base} (imported as ${path})`
}
