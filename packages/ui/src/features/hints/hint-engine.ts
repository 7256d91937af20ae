/**
 * Runs the hint rules where calls already flow: beside the console on the calls store's and the live store's
 * observers, and on the discovery store. It only reads what the stores hold; it never sends, delays or changes a call.
 */
import type { DiscoveryAttempt, InvokeRequest, LiveCallTarget, LiveServerMessage, MethodInfo } from '@wirebench/core'
import type { CallsObserver } from '../../state/calls-store.js'
import type { DiscoveryStore } from '../../state/discovery-store.js'
import type { LiveCallState, LiveObserver } from '../../state/live-store.js'
import { callHints, callRuleKinds, errorStreakHint, nextErrorStreak, type CallFacts } from './call-rules.js'
import { createHintsStore, type HintsStore } from './hints-store.js'
import { reflectionHints, silentStreamHint, silentStreamMs, unknownVariablesHint } from './page-rules.js'

export interface HintEngineDeps {
  /** The active environment, when one is. */
  environment: () => CallFacts['environment']
  /** The `${name}`s this call leaves unresolved, as written (before substitution). */
  unknownVariables: (key: string, request: InvokeRequest) => string[]
  /** The discovered method a call goes to, when the catalog knows it. */
  methodOf: (request: InvokeRequest) => Pick<MethodInfo, 'deprecated' | 'deprecationReason'> | undefined
  /** A live call as the live store holds it now. */
  liveCall: (id: string) => LiveCallState | undefined
  now?: () => number
  /** How long an event stream may stay silent before its hint (`silentStreamMs` unless given). */
  silentStreamMs?: number
}

export interface HintEngine {
  store: HintsStore
  callsObserver: CallsObserver
  liveObserver: LiveObserver
  /** Follows the discovery store: one page-wide hint per gRPC server found without reflection. */
  watchDiscovery: (discovery: DiscoveryStore) => () => void
}

export function createHintEngine(deps: HintEngineDeps, store: HintsStore = createHintsStore()): HintEngine {
  const now = deps.now ?? Date.now
  const silentWaitMs = deps.silentStreamMs ?? silentStreamMs
  const streaks = new Map<string, number>()
  const silenceTimers = new Map<string, ReturnType<typeof setTimeout>>()
  /** Live calls in flight: where they went, and whether their end frame said they failed. */
  const liveCalls = new Map<string, { target: LiveCallTarget; hasFailed?: boolean }>()

  /** A live call ended: a failure extends its tab's streak, a success resets it, a cancel (`undefined`) does neither. */
  const endLive = (call: LiveCallState, hasFailed: boolean | undefined) => {
    const entry = liveCalls.get(call.id)
    if (!entry) return
    liveCalls.delete(call.id)
    if (hasFailed === undefined) return
    const streak = hasFailed ? (streaks.get(call.targetKey) ?? 0) + 1 : 0
    streaks.set(call.targetKey, streak)
    const hint = errorStreakHint(call.targetKey, entry.target, streak)
    store.getState().replace({ targetKey: call.targetKey, kinds: ['error-streak'] }, hint ? [hint] : [])
  }
  /** Follows a live call's end through its server messages: an end frame's status, then `closed`. */
  const followEnd = (call: LiveCallState, message: LiveServerMessage) => {
    const entry = liveCalls.get(call.id)
    if (!entry) return
    if (message.op === 'frames') {
      for (const { frame } of message.frames) {
        if (frame.type === 'end') entry.hasFailed = frame.status !== 'OK' && frame.status !== 'Cancelled'
      }
    }
    if (message.op === 'closed') endLive(call, message.problem ? true : (entry.hasFailed ?? false))
  }

  const callsObserver: CallsObserver = guardedCalls({
    onSend: (key, request) => {
      const hint = unknownVariablesHint(key, deps.unknownVariables(key, request))
      store.getState().replace({ targetKey: key, kinds: ['unknown-variables'] }, hint ? [hint] : [])
    },
    onSettled: (key, request, record) => {
      const errorStreak = nextErrorStreak(streaks.get(key) ?? 0, record)
      streaks.set(key, errorStreak)
      if (record.isCancelled) return
      const facts: CallFacts = {
        key,
        request,
        record,
        method: deps.methodOf(request),
        environment: deps.environment(),
        errorStreak,
        canShowViews: store.getState().viewKeys.has(key),
      }
      store.getState().replace({ targetKey: key, kinds: callRuleKinds }, callHints(facts))
    },
  })

  const clearSilence = (call: LiveCallState) => {
    const timer = silenceTimers.get(call.id)
    if (timer !== undefined) clearTimeout(timer)
    silenceTimers.delete(call.id)
  }
  const liveObserver: LiveObserver = guardedLive({
    onOpen: (call, request) => {
      liveCalls.set(call.id, { target: request.target })
      // The open request went out substituted: a `${name}` still in it was defined nowhere.
      const names = deps.unknownVariables(call.targetKey, { ...request.target, messages: request.messages ?? [] })
      const unknown = unknownVariablesHint(call.targetKey, names)
      store.getState().replace({ targetKey: call.targetKey, kinds: ['unknown-variables'] }, unknown ? [unknown] : [])
      if (request.target.protocol !== 'sse') return
      store.getState().replace({ targetKey: call.targetKey, kinds: ['silent-event-stream'] }, [])
      clearSilence(call)
      const timer = setTimeout(() => {
        silenceTimers.delete(call.id)
        const current = deps.liveCall(call.id)
        const hint = current && silentStreamHint(current, now(), silentWaitMs)
        if (hint) store.getState().replace({ targetKey: call.targetKey, kinds: ['silent-event-stream'] }, [hint])
      }, silentWaitMs)
      silenceTimers.set(call.id, timer)
    },
    onSend: (call, messages) => {
      // A channel's messages (WebSocket, SignalR) go out after the open: each send is checked as it leaves.
      const target = liveCalls.get(call.id)?.target
      if (!target) return
      const { protocol, url, service, method } = target
      const names = deps.unknownVariables(call.targetKey, { protocol, url, service, method, messages: [...messages] })
      const unknown = unknownVariablesHint(call.targetKey, names)
      if (unknown) store.getState().replace({ targetKey: call.targetKey, kinds: ['unknown-variables'] }, [unknown])
    },
    onServerMessages: (call, messages) => {
      for (const message of messages) followEnd(call, message)
      if (!silenceTimers.has(call.id) && call.received > 0) return
      const hasEvent = messages.some((m) => m.op === 'frames' && m.frames.some((f) => f.frame.type === 'message'))
      const hasEnded = messages.some((m) => m.op === 'closed')
      if (!hasEvent && !hasEnded) return
      clearSilence(call)
      store.getState().replace({ targetKey: call.targetKey, kinds: ['silent-event-stream'] }, [])
    },
    onLocalEnd: (call) => {
      // The page ended it: failed before opening or lost its connection (a failure), or cancelled by the user.
      endLive(call, call.status === 'error' ? true : undefined)
      clearSilence(call)
      store.getState().replace({ targetKey: call.targetKey, kinds: ['silent-event-stream'] }, [])
    },
  })

  const watchDiscovery = (discovery: DiscoveryStore) => {
    let seen: unknown = undefined
    const update = () => {
      const byUrl = discovery.getState().byUrl
      if (byUrl === seen) return
      seen = byUrl
      const attempts: DiscoveryAttempt[] = Object.values(byUrl).flatMap((entry) => entry.attempts)
      store.getState().replace({ kinds: ['grpc-no-reflection'] }, reflectionHints(attempts))
    }
    update()
    return discovery.subscribe(update)
  }

  return { store, callsObserver, liveObserver, watchDiscovery }
}

/** Two observers of the calls store heard in turn (the console first, then the hints). */
export function bothCallsObservers(first: CallsObserver, second: CallsObserver): CallsObserver {
  return {
    onSend: (key, request) => {
      first.onSend(key, request)
      second.onSend(key, request)
    },
    onSettled: (key, request, record) => {
      first.onSettled(key, request, record)
      second.onSettled(key, request, record)
    },
  }
}

/** Two observers of the live store heard in turn. */
export function bothLiveObservers(first: LiveObserver, second: LiveObserver): LiveObserver {
  return {
    onOpen: (call, request) => {
      first.onOpen(call, request)
      second.onOpen(call, request)
    },
    onSend: (call, messages) => {
      first.onSend(call, messages)
      second.onSend(call, messages)
    },
    onServerMessages: (call, messages) => {
      first.onServerMessages(call, messages)
      second.onServerMessages(call, messages)
    },
    onLocalEnd: (call) => {
      first.onLocalEnd(call)
      second.onLocalEnd(call)
    },
  }
}

/** Runs a hint handler so that a failing rule is reported and never reaches the call it was watching. */
function guard<A extends unknown[]>(handler: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      handler(...args)
    } catch (error) {
      console.warn('A hint rule failed:', error)
    }
  }
}

function guardedCalls(observer: CallsObserver): CallsObserver {
  return { onSend: guard(observer.onSend), onSettled: guard(observer.onSettled) }
}

function guardedLive(observer: LiveObserver): LiveObserver {
  return {
    onOpen: guard(observer.onOpen),
    onSend: guard(observer.onSend),
    onServerMessages: guard(observer.onServerMessages),
    onLocalEnd: guard(observer.onLocalEnd),
  }
}
