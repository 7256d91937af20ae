/** Types of the example's `createBookshop` for the browser tests that start it in process. */
import type { FastifyEmbedOptions } from '@wirebench/embed'
import type { FastifyInstance } from 'fastify'

export function createBookshop(options?: {
  logger?: false | { level: string }
  workbench?: Partial<FastifyEmbedOptions>
}): Promise<FastifyInstance>
