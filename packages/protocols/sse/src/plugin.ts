/** The SSE ProtocolPlugin (skeleton: the helper building this package replaces it). */
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin } from '@wirebench/core'
import type { SsePluginOptions } from './types.js'

export function createSsePlugin(_options: SsePluginOptions = {}): ProtocolPlugin {
  return {
    id: 'sse',
    name: 'SSE',
    discover: () => Promise.reject(new WorkbenchError('no_services', 'Not built yet.')),
    invoke: () => Promise.reject(new WorkbenchError('unsupported', 'Not built yet.')),
  }
}
