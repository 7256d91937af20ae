/** In-flight and finished calls per method: one at a time per method, cancellable, latest result kept. */
import type { InvokeRequest, InvokeResult, ResponseValidation } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient, InvokeOptions } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'

export interface CallRecord {
  isSending: boolean
  startedAt: number
  result?: InvokeResult
  error?: ApiError
  /** The user cancelled the call before its response arrived (there is no result to show). */
  isCancelled?: boolean
  /** Wall time seen by the browser (includes the hop through the workbench server). */
  roundTripMs?: number
}

export interface CallsState {
  calls: Record<string, CallRecord>
  send: (key: string, request: InvokeRequest, options?: InvokeOptions) => Promise<void>
  cancel: (key: string) => void
}

export type CallsStore = StoreApi<CallsState>

/** Hears every unary call as it leaves and as it settles (the console records the page's calls from here). */
export interface CallsObserver {
  onSend: (key: string, request: InvokeRequest) => void
  /** The call's final record: a result, an error, or cancelled. */
  onSettled: (key: string, request: InvokeRequest, record: CallRecord) => void
}

export function createCallsStore(api: ApiClient, observer?: CallsObserver): CallsStore {
  const controllers = new Map<string, AbortController>()
  return createStore<CallsState>()((set, get) => {
    const put = (key: string, record: CallRecord) => set((s) => ({ calls: { ...s.calls, [key]: record } }))
    /** A large response's validation result, folded into its record unless a newer call replaced it meanwhile. */
    const followValidation = async (key: string, startedAt: number, id: string) => {
      let validation: ResponseValidation | undefined
      try {
        validation = await api.validation(id)
      } catch {
        validation = undefined // shown as not validated
      }
      const record = get().calls[key]
      if (!record?.result || record.startedAt !== startedAt) return
      const { validationPending: _done, ...rest } = record.result
      put(key, { ...record, result: validation ? { ...rest, validation } : rest })
    }
    return {
      calls: {},
      send: async (key, request, options) => {
        controllers.get(key)?.abort()
        const controller = new AbortController()
        controllers.set(key, controller)
        const startedAt = performance.now()
        const previous = get().calls[key]
        put(key, { ...previous, isSending: true, startedAt })
        observer?.onSend(key, request)
        const settle = (record: CallRecord) => {
          put(key, record)
          observer?.onSettled(key, request, record)
        }
        try {
          const result = await api.invoke(request, controller.signal, { ...options, draftKey: key })
          settle({ isSending: false, startedAt, result, roundTripMs: performance.now() - startedAt })
          if (result.validationPending) void followValidation(key, startedAt, result.validationPending.id)
        } catch (error) {
          if (controller.signal.aborted) {
            // A newer send of the same method took over: that one writes the record.
            if (controllers.get(key) !== controller) return
            // The previous response answered another request: showing it under this one would mislead.
            settle({ isSending: false, startedAt, isCancelled: true, roundTripMs: performance.now() - startedAt })
            return
          }
          settle({ isSending: false, startedAt, error: ApiError.fromUnknown(error) })
        } finally {
          if (controllers.get(key) === controller) controllers.delete(key)
        }
      },
      cancel: (key) => controllers.get(key)?.abort(),
    }
  })
}
