/**
 * Errors that say a call's request cannot be made whatever the target does — a missing field, a header no transport
 * sends, a method the plugin does not know, a blocked address: the caller's to fix. Under load every call would fail
 * the same way before reaching the target, so a run ends on the first (`RunOptions.isRunFailure`) with its message,
 * instead of reporting a 100 % error rate of calls that were never sent.
 */
import { WorkbenchError } from '@wirebench/core'
import type { WorkbenchErrorCode } from '@wirebench/core'

const refusalCodes: ReadonlySet<WorkbenchErrorCode> = new Set<WorkbenchErrorCode>([
  'invalid_request',
  'no_plugin',
  'not_found',
  'unsupported',
  'blocked_target',
])

export function isRequestRefusal(error: unknown): boolean {
  return error instanceof WorkbenchError && refusalCodes.has(error.code)
}
