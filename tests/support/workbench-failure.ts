/** The WorkbenchError a call failed with; fails the test when the call succeeds or fails with something else. */
import { expect } from 'vitest'
import { WorkbenchError } from '@wirebench/core'

export async function failure(promise: Promise<unknown>): Promise<WorkbenchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'expected the call to fail with a WorkbenchError').toBeInstanceOf(WorkbenchError)
  return error as WorkbenchError
}
