/** The live call of one method (server stream or channel): its state, and actions bound to it and to the method's draft. */
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useStore } from 'zustand'
import type { LiveCallTarget } from '@wirebench/core'
import { historyTemplateFor } from '../../state/history-template.js'
import { ApiError } from '../../api/api-error.js'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft, headersToMetadata } from '../../state/drafts-store.js'
import { draftFields, finalizeMessages, sendHold } from '../request/send-gate.js'
import { liveStoreOf } from '../../state/live-runtime.js'
import type { LiveCallState, LiveState, LiveStatus, LiveStore } from '../../state/live-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export interface LiveCallHandle {
  /** The status of the method's latest call (the handle re-renders on status changes only, not on every frame). */
  status: LiveStatus | undefined
  isActive: boolean
  /** Starts the call; a server stream sends the draft as its request message. */
  start: () => void
  /**
   * `start`, resolving once the call was opened (true) or not (false: held by the send gate, or the auth step failed or
   * was cancelled). By then the host's standing is decided (opening may ask about it), so frames built after it get
   * the variables that host may see.
   */
  open: () => Promise<boolean>
  /** Sends on the open call; `isCounted: false` keeps a set-up message out of the Sent count. */
  send: (messages: unknown[], options?: { isCounted?: boolean }) => void
  closeSend: () => void
  cancel: () => void
  setPaused: (isPaused: boolean) => void
  clear: () => void
}

export function isLiveActive(call: Pick<LiveCallState, 'status'> | undefined): boolean {
  return !!call && isActiveStatus(call.status)
}

function isActiveStatus(status: LiveStatus | undefined): boolean {
  return status !== undefined && status !== 'closed' && status !== 'error'
}

/** Shortest time between two renders of a live view caused by arriving frames (status changes render at once). */
const MIN_RENDER_INTERVAL_MS = 33

/**
 * The method's latest live call for the views that show its frames. Frames land in the store every animation frame;
 * the view re-renders at most every 33 ms for them (a fast stream is unreadable at 60 updates a second anyway, and the
 * main thread keeps time for receiving), but at once when the status, pause or log identity changes.
 */
export function useLiveCallState(target: MethodRef): LiveCallState | undefined {
  const live = liveStoreOf(useWorkbench())
  const key = target.key
  const subscribe = useCallback(
    (notify: () => void) => {
      let last: LiveCallState | undefined = latestCall(live.getState(), key)
      let lastAt = 0
      let timer: ReturnType<typeof setTimeout> | undefined
      const fire = () => {
        timer = undefined
        lastAt = performance.now()
        last = latestCall(live.getState(), key)
        notify()
      }
      const unsubscribe = live.subscribe((state) => {
        const call = latestCall(state, key)
        if (call === last) return
        const isUrgent =
          !call || !last || call.id !== last.id || call.status !== last.status || call.isPaused !== last.isPaused
        const wait = MIN_RENDER_INTERVAL_MS - (performance.now() - lastAt)
        if (isUrgent || wait <= 0) {
          clearTimeout(timer)
          fire()
        } else timer ??= setTimeout(fire, wait)
      })
      return () => {
        clearTimeout(timer)
        unsubscribe()
      }
    },
    [live, key],
  )
  return useSyncExternalStore(subscribe, () => latestCall(live.getState(), key))
}

function latestCall(state: LiveState, key: string): LiveCallState | undefined {
  const id = state.byTarget[key]
  return id ? state.calls[id] : undefined
}

export function useLiveStore(): LiveStore {
  return liveStoreOf(useWorkbench())
}

export function useLiveCall(target: MethodRef, serverUrl?: string): LiveCallHandle {
  const workbench = useWorkbench()
  const live = liveStoreOf(workbench)
  const status = useStore(live, (s) => {
    const id = s.byTarget[target.key]
    return id ? s.calls[id]?.status : undefined
  })
  const isStream = target.method.methodType === 'ServerStreaming'

  const open = useCallback((): Promise<boolean> => {
    // Read the draft at start time so a shortcut pressed mid-typing sends what is on screen.
    const draft = workbench.drafts.getState().drafts[target.key] ?? emptyDraft
    if (isStream) {
      // The stream's request message goes through the same gate as a unary call's (the request editor says why).
      const isHeld = sendHold(target, draft) !== undefined
      workbench.drafts.getState().setHeld(target.key, isHeld)
      if (isHeld) return Promise.resolve(false)
    }
    const protocol = target.service.protocol
    // The request as typed, for the workspace's history (captured before any variable is substituted).
    const history = historyTemplateFor(workbench, target)
    const id = live.getState().begin(target.key, isStream ? 'stream' : 'channel')
    const metadata = headersToMetadata(draft.headers)
    // The same step as every unary call: the active environment's variables, then its auth (user metadata wins).
    return workbench.auth
      .prepareOutgoingCall({
        protocol,
        address: { protocol, url: target.origin, service: target.service.name, method: target.method.name },
        ...(metadata ? { metadata } : {}),
        ...(isStream ? { messages: [draft.value] } : {}),
        ...(serverUrl ? { serverUrl } : {}),
        draftKey: target.key,
      })
      .then(
        (prepared) => {
          const callTarget: LiveCallTarget = {
            protocol,
            url: target.origin,
            service: target.service.name,
            method: target.method.name,
          }
          if (Object.keys(prepared.metadata).length > 0) callTarget.metadata = prepared.metadata
          if (prepared.serverUrl) callTarget.serverUrl = prepared.serverUrl
          if (history) callTarget.history = history
          let messages: unknown[] | undefined
          try {
            const finalize = finalizeMessages(target, [draft.value], draftFields(target, draft))
            messages = isStream ? finalize(prepared.messages) : undefined
          } catch (error) {
            // A value that does not fit its field after substitution: the call is not opened.
            live.getState().fail(id, ApiError.fromUnknown(error).problem)
            return false
          }
          live.getState().open(id, { target: callTarget, ...(messages ? { messages } : {}) })
          return true
        },
        (error: unknown) => {
          live.getState().fail(id, ApiError.fromUnknown(error).problem)
          return false
        },
      )
  }, [workbench, live, target, serverUrl, isStream])
  const start = useCallback(() => void open(), [open])

  return useMemo(() => {
    // Actions address the method's latest call at the moment they run (Send right after Open reaches the new call).
    const withId = (action: (id: string) => void) => () => {
      const id = live.getState().byTarget[target.key]
      if (id) action(id)
    }
    return {
      status,
      isActive: isActiveStatus(status),
      start,
      open,
      send: (messages: unknown[], options?: { isCounted?: boolean }) =>
        withId((id) => live.getState().send(id, messages, options))(),
      closeSend: withId((id) => live.getState().closeSend(id)),
      cancel: withId((id) => live.getState().cancel(id)),
      setPaused: (isPaused: boolean) => withId((id) => live.getState().setPaused(id, isPaused))(),
      clear: withId((id) => live.getState().clear(id)),
    }
  }, [status, start, open, live, target.key])
}
