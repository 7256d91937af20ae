/** Lets one caller stop waiting for a shared in-flight fetch without cancelling it for the others. */
import { WorkbenchError } from '@wirebench/core'

export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(new WorkbenchError('cancelled', 'The call was cancelled.'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new WorkbenchError('cancelled', 'The call was cancelled.'))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : WorkbenchError.from(error))
      },
    )
  })
}

export function requireTokenClient<T>(client: T | undefined, what: string): T {
  if (!client) {
    throw new WorkbenchError('internal', `${what} needs a token client to reach the server's token proxy.`)
  }
  return client
}
