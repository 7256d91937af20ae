/** Types of the example's `createTaskApp` for the tests that start it in process. */
import type { ExpressEmbedOptions } from '@wirebench/embed'
import type { INestApplication } from '@nestjs/common'

export function createTaskApp(options?: { workbench?: Partial<ExpressEmbedOptions> }): Promise<INestApplication>
