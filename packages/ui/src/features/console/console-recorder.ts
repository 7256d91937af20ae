/**
 * Turns what the calls store (unary calls) and the live store (streams and channels) hear into console entries: one
 * recorder for every protocol, hooked in where calls already flow.
 */
import type { InvokeRequest, LiveCallTarget, LiveServerMessage } from '@wirebench/core'
import type { CallRecord, CallsObserver } from '../../state/calls-store.js'
import type { LiveCallState, LiveObserver } from '../../state/live-store.js'
import type { ConsoleEntry } from './console-entry.js'
import type { ConsoleStore } from './console-store.js'

export interface ConsoleRecorder {
  store: ConsoleStore
  callsObserver: CallsObserver
  liveObserver: LiveObserver
}

type Source = Pick<ConsoleEntry, 'protocol' | 'method' | 'callId'>

/** A live call being recorded: where it went, when it opened, and how its end frame said it ended. */
type LiveSource = Source & { at: number; end?: { status: string; message?: string } }

const methodName = (target: Pick<LiveCallTarget, 'service' | 'method'>) =>
  target.service ? `${target.service}.${target.method}` : target.method

export function createConsoleRecorder(store: ConsoleStore, now: () => number = Date.now): ConsoleRecorder {
  let nextUnary = 1
  /** Unary calls in flight per draft key: the id and start of the latest send (a newer send replaces it). */
  const unary = new Map<string, { callId: string; at: number }>()
  /** Live calls by id: where they went and when they opened (for their duration). */
  const live = new Map<string, LiveSource>()

  const callsObserver: CallsObserver = {
    onSend: (key, request) => {
      store.secrets() // remember the secrets this call may carry, should the environment change later
      const callId = `u${nextUnary++}`
      const at = now()
      unary.set(key, { callId, at })
      store.record({ kind: 'request', at, ...sourceOf(request, callId), detail: requestDetail(request) })
    },
    onSettled: (key, request, record) => {
      const sent = unary.get(key)
      if (!sent) return
      unary.delete(key)
      const at = now()
      const durationMs = record.roundTripMs ?? at - sent.at
      store.record({ at, durationMs, ...sourceOf(request, sent.callId), ...settledPart(record) })
    },
  }

  const liveObserver: LiveObserver = {
    onOpen: (call, request) => {
      store.secrets()
      const source = { protocol: request.target.protocol, method: methodName(request.target), callId: call.id }
      const at = now()
      live.set(call.id, { ...source, at })
      // The history template is the workspace's business: the console shows what went out.
      const { history: _history, ...target } = request.target
      const detail = { mode: call.mode, request: target, messages: request.messages }
      store.record({ kind: 'open', at, ...source, detail })
    },
    onSend: (call, messages) => {
      const source = live.get(call.id)
      if (!source) return
      const at = now()
      for (const data of messages) store.record({ kind: 'send', at, ...sourceOf(source), detail: { data } })
    },
    onServerMessages: (call, messages) => {
      const source = live.get(call.id)
      if (source) for (const message of messages) recordServerMessage(source, call, message)
    },
    onLocalEnd: (call) => {
      const source = live.get(call.id)
      if (!source) return
      live.delete(call.id)
      const at = now()
      const status = call.end?.status ?? (call.status === 'error' ? 'ERROR' : 'CLOSED')
      const kind = call.status === 'error' ? 'error' : 'close'
      const detail = {
        message: call.problem?.title ?? call.end?.message ?? 'Ended in the workbench.',
        problem: call.problem,
        end: call.end,
      }
      store.record({ kind, at, status, durationMs: at - source.at, ...sourceOf(source), detail })
    },
  }

  function recordServerMessage(source: LiveSource, call: LiveCallState, message: LiveServerMessage): void {
    switch (message.op) {
      case 'frames':
        for (const { at, frame } of message.frames) {
          if (frame.type === 'message') {
            const detail: Record<string, unknown> = { data: frame.data }
            if (frame.meta) detail.meta = frame.meta
            if (frame.binary !== undefined) detail.binary = frame.binary
            store.record({ kind: 'frame', at, ...sourceOf(source), detail })
          } else if (frame.type === 'headers' || frame.type === 'trailers') {
            const detail: Record<string, unknown> = { type: frame.type, data: frame.metadata }
            if (frame.type === 'headers' && frame.sent) detail.sent = frame.sent
            store.record({ kind: 'frame', at, status: frame.type, ...sourceOf(source), detail })
          } else {
            const end = { status: frame.status, message: frame.message, details: frame.details }
            source.end = { status: frame.status, ...(frame.message ? { message: frame.message } : {}) }
            store.record({ kind: 'frame', at, status: frame.status, ...sourceOf(source), detail: { data: end } })
          }
        }
        break
      case 'closed': {
        live.delete(call.id)
        const at = now()
        const kind = message.problem ? 'error' : 'close'
        // The end frame says how the call ended in its protocol's words (gRPC status, close code); else just closed.
        const status = message.problem ? message.problem.title : (source.end?.status ?? 'closed')
        const said = message.problem?.detail ?? message.problem?.title ?? source.end?.message
        const detail = { message: said ?? 'Ended.', problem: message.problem, end: source.end }
        store.record({ kind, at, status, durationMs: at - source.at, ...sourceOf(source), detail })
        break
      }
      case 'error': {
        const at = now()
        const detail = { message: message.problem.detail ?? message.problem.title, problem: message.problem }
        store.record({ kind: 'error', at, status: message.problem.title, ...sourceOf(source), detail })
        break
      }
      case 'opened':
      case 'sent':
      case 'dropped':
      case 'workspace.changed':
      case 'history.changed':
      case 'bench.progress':
      case 'bench.ended':
      case 'ai.delta':
      case 'ai.done':
        // The call's own bookkeeping: the console shows traffic, the live view shows these counts.
        break
    }
  }

  return { store, callsObserver, liveObserver }
}

function sourceOf(from: Pick<InvokeRequest, 'protocol' | 'service' | 'method'> | Source, callId?: string): Source {
  if ('callId' in from) return { protocol: from.protocol, method: from.method, callId: from.callId }
  return { protocol: from.protocol, method: methodName(from), callId: callId ?? '' }
}

function requestDetail(request: InvokeRequest): Record<string, unknown> {
  const { history: _history, ...rest } = request
  return rest
}

function settledPart(record: CallRecord): Pick<ConsoleEntry, 'kind' | 'status' | 'detail'> {
  if (record.result) {
    const { result } = record
    const httpStatus = result.metadata.http_status
    const status = httpStatus ? `${httpStatus} ${result.status}` : result.status
    return { kind: 'response', status, detail: result }
  }
  if (record.isCancelled)
    return { kind: 'error', status: 'Cancelled', detail: { message: 'Cancelled in the workbench.' } }
  const problem = record.error?.problem
  return {
    kind: 'error',
    status: problem?.title ?? 'Error',
    detail: { message: problem?.detail ?? problem?.title, problem },
  }
}
