/**
 * Saved benchmark runs in a workspace folder: `benchmarks/<method folder>/<savedAt>-<id>.json`, one file a run, written
 * atomically, validated on every read; a file that fails validation is moved aside (`…corrupt-<timestamp>.json`) and
 * reported, never overwritten. The folder of a method is a hash of its key: keys are long URLs with any characters.
 */
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'
import type { BenchResult, BenchStatus, SavedBenchmark, SavedBenchmarksResponse } from '@wirebench/core'
import { ASIDE_MARKER, isNotFound, moveAside, readRegularFile, writeFileAtomic } from '../files/atomic-file.js'

export const BENCHMARKS_DIR = 'benchmarks'

/** A workspace folder is meant for git: readable by the team, like its saved requests (and, like them, secret-free). */
const fileMode = 0o644
const tempPrefix = '.wirebench-'
const maxKeyLength = 4096
/** A run is a summary and a timeline of one small entry a second: a day-long run stays far below this. */
const maxFileBytes = 32 * 1024 * 1024

export interface SaveBenchmarkInput {
  key: string
  label: string
  target: BenchStatus['target']
  result: BenchResult
}

export interface BenchmarkFiles {
  save(input: SaveBenchmarkInput): Promise<SavedBenchmark>
  list(key: string): Promise<SavedBenchmarksResponse>
  /** Deletes the saved run `id` of the method `key`; false when there is none. */
  remove(key: string, id: string): Promise<boolean>
}

export function methodFolder(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 24)
}

/** The address without credentials: user info and the query (an API key may ride in it) are dropped. */
export function storableUrl(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    parsed.search = ''
    parsed.hash = ''
    return parsed.toString()
  } catch {
    // Not a URL (an uploaded file's name, mcp+stdio://name): kept up to its first `?`.
    return url.split('?')[0] ?? ''
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** What is wrong with a file's content, or undefined when it is a saved benchmark this version reads. */
export function benchmarkProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'not a JSON object'
  if (value['version'] !== 1) return `unknown version ${JSON.stringify(value['version'])} (this workbench reads 1)`
  for (const name of ['id', 'key', 'label', 'savedAt'] as const) {
    if (typeof value[name] !== 'string') return `"${name}" is not a string`
  }
  const target = value['target']
  if (
    !isRecord(target) ||
    !['protocol', 'url', 'service', 'method'].every((name) => typeof target[name] === 'string')
  ) {
    return '"target" needs protocol, url, service and method strings'
  }
  const result = value['result']
  if (!isRecord(result)) return '"result" is not an object'
  for (const name of ['calls', 'errors', 'errorRate', 'durationS', 'throughput'] as const) {
    if (!isNumber(result[name])) return `"result.${name}" is not a number`
  }
  const latency = result['latencyMs']
  if (!isRecord(latency) || !['min', 'mean', 'p50', 'p90', 'p99', 'p999', 'max'].every((n) => isNumber(latency[n]))) {
    return '"result.latencyMs" lacks a percentile'
  }
  if (!Array.isArray(result['histogram']) || !Array.isArray(result['timeline'])) {
    return '"result.histogram" and "result.timeline" must be lists'
  }
  if (!isRecord(result['settings']) || !isRecord(result['byStatus']) || !Array.isArray(result['thresholds'])) {
    return '"result" lacks its settings, statuses or thresholds'
  }
  return undefined
}

export function createBenchmarkFiles(workspaceDir: string): BenchmarkFiles {
  const root = join(workspaceDir, BENCHMARKS_DIR)
  const checkKey = (key: string): void => {
    if (key === '' || key.length > maxKeyLength) {
      throw new WorkbenchError('invalid_request', `A benchmark key must have 1 to ${maxKeyLength} characters.`, {
        hint: 'Pass the method key the Benchmark tab uses.',
      })
    }
  }
  return {
    async save(input) {
      checkKey(input.key)
      const savedAt = new Date().toISOString()
      const saved: SavedBenchmark = {
        version: 1,
        id: randomUUID(),
        key: input.key,
        label: input.label,
        savedAt,
        target: { ...input.target, url: storableUrl(input.target.url) },
        result: input.result,
      }
      const dir = join(root, methodFolder(input.key))
      await mkdir(dir, { recursive: true })
      const name = `${savedAt.replace(/[:.]/g, '-')}-${saved.id.slice(0, 8)}.json`
      await writeFileAtomic({ dir, name, content: `${JSON.stringify(saved, null, 2)}\n`, tempPrefix, mode: fileMode })
      return saved
    },
    async remove(key, id) {
      checkKey(key)
      const dir = join(root, methodFolder(key))
      const suffix = `-${id.slice(0, 8)}.json`
      let names: string[]
      try {
        names = await readdir(dir)
      } catch (error) {
        if (isNotFound(error)) return false
        throw error
      }
      for (const name of names.filter((entry) => entry.endsWith(suffix) && !entry.startsWith('.'))) {
        let parsed: unknown
        try {
          parsed = JSON.parse((await readRegularFile(join(dir, name), maxFileBytes)).toString('utf8'))
        } catch {
          // An unreadable file is not the run asked for; the listing reports it and moves it aside.
          continue
        }
        // Only the run asked for: the file name holds a prefix of its id, the content the whole id and the key.
        if (benchmarkProblem(parsed) === undefined && (parsed as SavedBenchmark).id === id) {
          if ((parsed as SavedBenchmark).key !== key) return false
          await unlink(join(dir, name))
          return true
        }
      }
      return false
    },
    async list(key) {
      checkKey(key)
      const folder = methodFolder(key)
      const dir = join(root, folder)
      let names: string[]
      try {
        names = await readdir(dir)
      } catch (error) {
        if (isNotFound(error)) return { benchmarks: [], problems: [] }
        throw error
      }
      const response: SavedBenchmarksResponse = { benchmarks: [], problems: [] }
      for (const name of names.sort()) {
        if (!name.endsWith('.json') || name.includes(ASIDE_MARKER) || name.startsWith('.')) continue
        const path = `${BENCHMARKS_DIR}/${folder}/${name}`
        let problem: string | undefined
        let parsed: unknown
        try {
          parsed = JSON.parse((await readRegularFile(join(dir, name), maxFileBytes)).toString('utf8'))
          problem = benchmarkProblem(parsed)
        } catch (error) {
          problem = error instanceof SyntaxError ? `not JSON (${error.message})` : WorkbenchError.from(error).message
        }
        if (problem === undefined && (parsed as SavedBenchmark).key !== key) continue
        if (problem === undefined) {
          response.benchmarks.push(parsed as SavedBenchmark)
          continue
        }
        const keptAs = await moveAside(dir, name, '.json').then(
          (aside) => `${BENCHMARKS_DIR}/${folder}/${aside}`,
          () => undefined,
        )
        response.problems.push({ path, reason: problem, ...(keptAs ? { keptAs } : {}) })
      }
      return response
    },
  }
}
