/** CallContext factory for tests that drive a protocol plugin directly, the way the server does. */
import { defaultCallLimits, silentLogger, splitMarkers } from '@wirebench/core'
import type { CallContext, CallLimits } from '@wirebench/core'

export interface TestContextOptions {
  metadata?: Record<string, string>
  signal?: AbortSignal
  deadline?: number
  limits?: Partial<CallLimits>
}

export function testContext(options: TestContextOptions = {}): CallContext {
  const { headers, markers } = splitMarkers(options.metadata)
  const ctx: CallContext = {
    signal: options.signal ?? new AbortController().signal,
    metadata: headers,
    markers,
    logger: silentLogger,
    limits: { ...defaultCallLimits, timeoutMs: 15_000, ...options.limits },
  }
  if (options.deadline !== undefined) ctx.deadline = options.deadline
  return ctx
}
