/**
 * The server's `ResponseValidator`: plugins validate bodies up to the inline limit themselves and hand larger ones
 * here; each job runs in the validation worker and its result waits under a random id until the page asks for it
 * (`GET /api/validations/:id`) or a minute passes.
 */
import { randomUUID } from 'node:crypto'
import type {
  PendingValidation,
  ResponseValidation,
  ResponseValidator,
  SchemaValidationJob,
  ValidationProblem,
} from '@wirebench/core'
import { ValidationWorker } from './validation-worker.js'

/** Up to this size a body is validated inline: well under a millisecond for a typical answer. */
export const inlineValidationLimitBytes = 1024 * 1024

/** How long a finished result waits for its reader. */
const keptMs = 60_000

export interface ServerResponseValidator extends ResponseValidator {
  prepare: NonNullable<ResponseValidator['prepare']>
  /** The result of a pending validation once it is done; undefined for an id that is unknown or gone. */
  result(id: string): Promise<ResponseValidation> | undefined
  close(): Promise<void>
}

export function createResponseValidator(options: { inlineLimitBytes?: number } = {}): ServerResponseValidator {
  const worker = new ValidationWorker()
  const results = new Map<string, Promise<ResponseValidation>>()
  const timers = new Set<NodeJS.Timeout>()
  return {
    inlineLimitBytes: options.inlineLimitBytes ?? inlineValidationLimitBytes,
    submit(job: SchemaValidationJob): PendingValidation {
      const id = randomUUID()
      const own: ValidationProblem[] = job.problems ?? []
      const prefix = job.pointerPrefix ?? ''
      const result = worker.run(job).then((problems): ResponseValidation => {
        const found = prefix === '' ? problems : problems.map((p) => ({ ...p, pointer: `${prefix}${p.pointer}` }))
        const all = [...own, ...found]
        const timer = setTimeout(() => {
          timers.delete(timer)
          results.delete(id)
        }, keptMs)
        timer.unref()
        timers.add(timer)
        return { valid: all.length === 0, schema: job.schemaName, problems: all }
      })
      results.set(id, result)
      return { id, schema: job.schemaName }
    },
    prepare(job) {
      worker.prepare(job.key, job.schema)
    },
    result: (id) => results.get(id),
    async close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      results.clear()
      await worker.close()
    },
  }
}
