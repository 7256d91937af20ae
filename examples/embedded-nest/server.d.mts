/** Types of the example's `createTaskApp` for the tests that start it in process. */
import type { ExpressEmbedOptions, FastifyEmbedOptions } from '@wirebench/embed'
import type { INestApplication } from '@nestjs/common'

export function createTaskApp(options?: {
  platform?: 'express' | 'fastify'
  workbench?: Partial<ExpressEmbedOptions & FastifyEmbedOptions>
}): Promise<INestApplication>
