/** Runs async operations one at a time in arrival order, with a bound on how many may wait. */
import { WorkbenchError } from '@wirebench/core'

export interface SerialQueue {
  run<T>(operation: () => Promise<T>): Promise<T>
}

export function createSerialQueue(maxWaiting: number): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve()
  let waiting = 0
  return {
    run(operation) {
      if (waiting >= maxWaiting) {
        return Promise.reject(
          // `busy`, not `conflict`: nothing was changed elsewhere, the same request succeeds once the queue drains.
          new WorkbenchError('busy', 'Too many requests are waiting for their turn.', {
            hint: 'Nothing was changed; try again in a moment.',
          }),
        )
      }
      waiting++
      // Each operation starts after the previous one settled, whether it succeeded or failed.
      const result = tail.then(operation, operation)
      tail = result.then(
        () => waiting--,
        () => waiting--,
      )
      return result
    },
  }
}
