/** Types of the example's `createBookshop` for the browser tests that start it in process. */
import type { ExpressEmbedOptions } from '@wirebench/embed'
import type { Express } from 'express'

export function createBookshop(options?: { workbench?: Partial<ExpressEmbedOptions> }): Promise<Express>
