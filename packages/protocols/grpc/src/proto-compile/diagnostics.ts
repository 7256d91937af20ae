/**
 * Turns buf's error output (`--error-format json`: one JSON object per line; plain `Failure: …` lines otherwise) into
 * diagnostics positioned in the uploaded files, naming the missing file when an import is not in the upload set.
 */
import type { LaidOutFile } from './file-set.js'
import type { ProtoDiagnostic } from './types.js'

export const maxDiagnostics = 200

interface BufAnnotation {
  path?: unknown
  start_line?: unknown
  start_column?: unknown
  end_line?: unknown
  end_column?: unknown
  message?: unknown
}

export interface ParseDiagnosticsOptions {
  stderr: string
  files: readonly LaidOutFile[]
  /** The private directory buf ran in; removed from messages so they show upload-relative paths only. */
  workDir: string
}

export function parseBufDiagnostics(options: ParseDiagnosticsOptions): ProtoDiagnostic[] {
  const byPath = new Map(options.files.map((f) => [f.path, f]))
  const diagnostics: ProtoDiagnostic[] = []
  for (const raw of options.stderr.split('\n')) {
    const line = raw.trim()
    if (line === '' || diagnostics.length >= maxDiagnostics) continue
    const annotation = parseJsonLine(line)
    const diagnostic = annotation ? fromAnnotation(annotation, byPath) : fromText(line, byPath)
    diagnostic.message = diagnostic.message
      .split(options.workDir + '/')
      .join('')
      .split(options.workDir)
      .join('.')
    diagnostics.push(diagnostic)
  }
  return diagnostics
}

function parseJsonLine(line: string): BufAnnotation | undefined {
  if (!line.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    return undefined
  }
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined

function fromAnnotation(annotation: BufAnnotation, byPath: Map<string, LaidOutFile>): ProtoDiagnostic {
  const path = typeof annotation.path === 'string' ? annotation.path : undefined
  const file = path === undefined ? undefined : byPath.get(path)
  const diagnostic: ProtoDiagnostic = {
    message: typeof annotation.message === 'string' ? annotation.message : 'The compiler reported a problem.',
  }
  if (path !== undefined) diagnostic.file = file?.name ?? path
  const line = positive(annotation.start_line)
  const column = positive(annotation.start_column)
  const endLine = positive(annotation.end_line)
  const endColumn = positive(annotation.end_column)
  if (line !== undefined) diagnostic.line = line
  if (column !== undefined) diagnostic.column = column
  if (endLine !== undefined) diagnostic.endLine = endLine
  if (endColumn !== undefined) diagnostic.endColumn = endColumn
  if (file && line !== undefined && /imported file does not exist/i.test(diagnostic.message)) {
    const missing = importAt(file.content, line, column ?? 1)
    if (missing !== undefined) {
      diagnostic.message = `imports "${missing}", which is not among the uploaded files`
      diagnostic.hint = `Upload ${missing.slice(missing.lastIndexOf('/') + 1)} together with ${file.name}.`
      diagnostic.missingImport = missing
    }
  }
  return diagnostic
}

/** The quoted path of the import statement at a position buf reported. */
function importAt(content: Uint8Array, line: number, column: number): string | undefined {
  const text = new TextDecoder().decode(content).split('\n')[line - 1]
  if (text === undefined) return undefined
  const fromColumn = /["']([^"']*)["']/.exec(text.slice(Math.max(0, column - 1)))
  return (fromColumn ?? /["']([^"']*)["']/.exec(text))?.[1]
}

function fromText(line: string, byPath: Map<string, LaidOutFile>): ProtoDiagnostic {
  // `buf` prints `file:line:col:message` in text mode and `Failure: message` for problems outside any file.
  const positioned = /^([^:\s][^:]*\.proto):(\d+):(\d+):(.*)$/.exec(line)
  if (positioned?.[1] && positioned[4] !== undefined) {
    return {
      file: byPath.get(positioned[1])?.name ?? positioned[1],
      line: Number(positioned[2]),
      column: Number(positioned[3]),
      message: positioned[4].trim(),
    }
  }
  return { message: line.replace(/^Failure:\s*/, '') }
}
