/**
 * The worker thread that validates large response bodies: parsing and checking a body of megabytes takes far longer
 * than a task may hold the server's main thread. It runs the very checker plugins use inline (its source text, so the
 * worker needs no file of its own and starts the same from sources and from the build).
 */
import { Worker } from 'node:worker_threads'
import type { MessagePort } from 'node:worker_threads'
import type { SchemaValidationJob, ValidationProblem } from '@wirebench/core'
import {
  buildSchemaChecker,
  checkerModules,
  guardSchemaPatterns,
  maxReportedProblems,
} from '@wirebench/transport/schema-check'
import type { CheckerModules } from '@wirebench/transport/schema-check'

/** A job as posted: its schema left out when the worker holds the key compiled already. */
interface PostedJob {
  id: number
  key: string
  body: string | Uint8Array
  schema?: Record<string, unknown>
}

/** A schema to compile ahead of its first job; no reply. */
interface PostedSchema {
  key: string
  schema: Record<string, unknown>
  isPrepare: true
}

type WorkerReply = { id: number; problems: ValidationProblem[] } | { id: number; needsSchema: true }

/** The worker's message loop; runs as source text in the worker, handed the checker's builder (its source too). */
function workerMain(
  build: typeof buildSchemaChecker,
  threads: { parentPort: MessagePort | null; workerData: unknown },
  load: (path: string) => unknown,
): void {
  const { parentPort } = threads
  const data = threads.workerData as { modules: CheckerModules; maxProblems: number }
  const checker = build(load, data.modules, data.maxProblems)
  const decoder = new TextDecoder()
  parentPort?.on('message', (job: PostedJob | PostedSchema) => {
    if ('isPrepare' in job) {
      checker.prepare(job.key, job.schema)
      return
    }
    if (job.schema === undefined && !checker.has(job.key)) {
      parentPort.postMessage({ id: job.id, needsSchema: true })
      return
    }
    let problems: ValidationProblem[]
    try {
      const text = typeof job.body === 'string' ? job.body : decoder.decode(job.body)
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        parentPort.postMessage({
          id: job.id,
          problems: [{ pointer: '', keyword: 'json', message: 'The body is not valid JSON.' }],
        })
        return
      }
      problems = checker.check(job.key, job.schema ?? {}, value)
    } catch (error) {
      problems = [{ pointer: '', keyword: 'internal', message: `validation failed: ${String(error)}` }]
    }
    parentPort.postMessage({ id: job.id, problems })
  })
}

// Sources, not bindings: a bundler or test runner may rename imports inside function bodies.
const workerSource = `"use strict";
(${workerMain.toString()})(${buildSchemaChecker.toString()}, require('node:worker_threads'), require);
`

/** One worker, started on the first job and stopped with the server; jobs run in the order they came. */
export class ValidationWorker {
  private worker: Worker | undefined
  private readonly keys = new Set<string>()
  private readonly waiting = new Map<number, { job: SchemaValidationJob; resolve: (p: ValidationProblem[]) => void }>()
  private nextId = 1

  run(job: SchemaValidationJob): Promise<ValidationProblem[]> {
    const id = this.nextId++
    return new Promise((resolve) => {
      this.waiting.set(id, { job, resolve })
      this.post(id, job, !this.keys.has(job.key))
    })
  }

  /** Compiles a schema now, so the first job of its key finds it compiled (messages run in order). */
  prepare(key: string, schema: Record<string, unknown>): void {
    if (this.keys.has(key)) return
    const posted: PostedSchema = { key, schema: guardSchemaPatterns(schema), isPrepare: true }
    this.start().postMessage(posted)
    // After the start: a new worker forgets the keys the last one held.
    this.keys.add(key)
  }

  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    if (worker) await worker.terminate()
  }

  private post(id: number, job: SchemaValidationJob, withSchema: boolean): void {
    // Started first: a new worker forgets the keys the last one held.
    const worker = this.start()
    const posted: PostedJob = { id, key: job.key, body: job.body }
    if (withSchema) {
      posted.schema = guardSchemaPatterns(job.schema)
      this.keys.add(job.key)
    }
    worker.postMessage(posted)
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { modules: checkerModules(), maxProblems: maxReportedProblems },
    })
    // Idle, it must not keep the process alive; a job in flight holds a promise someone awaits.
    worker.unref()
    worker.on('message', (reply: WorkerReply) => this.settle(reply))
    worker.on('error', (error) => this.fail(worker, error))
    worker.on('exit', (code) => this.fail(worker, new Error(`the validation worker exited (${code})`)))
    this.worker = worker
    this.keys.clear()
    return worker
  }

  private settle(reply: WorkerReply): void {
    const entry = this.waiting.get(reply.id)
    if (!entry) return
    if ('needsSchema' in reply) {
      this.post(reply.id, entry.job, true)
      return
    }
    this.waiting.delete(reply.id)
    entry.resolve(reply.problems)
  }

  /** A worker that died fails the jobs it held; the next job starts a new one. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = undefined
    const problem: ValidationProblem = { pointer: '', keyword: 'internal', message: error.message }
    for (const entry of this.waiting.values()) entry.resolve([problem])
    this.waiting.clear()
  }
}
