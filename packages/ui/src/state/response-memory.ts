/**
 * What request chaining reads in the page: the previous response of a tab (a unary result, or the last frame a
 * stream or channel received) and the last response of each saved request, taken from the calls and live stores
 * that already hold them (one record per tab key, so nothing more is kept). A reload forgets them: send the request
 * again. The engine itself is core's (`createChainResolver`), shared with the CLI.
 */
import { createChainResolver, type ChainSources, type InvokeResult, type ResponseSnapshot } from '@wirebench/core'
import type { CallsStore } from './calls-store.js'
import type { LiveCallState, LiveStore } from './live-store.js'
import { savedTabKey, type TabsStore } from './tabs-store.js'

/** A unary result as chaining reads it: the body, the HTTP status when there is one, the headers. */
export function unarySnapshot(result: InvokeResult): ResponseSnapshot {
  const http = Number(result.metadata['http_status'])
  return {
    body: result.response,
    status: Number.isInteger(http) && http > 0 ? http : result.status,
    headers: result.metadata,
  }
}

/**
 * The log index of the last message a stream or channel received (what `${response.…}` reads), if one is held. A
 * WebSocket's pings and pongs are control frames, not messages of the conversation (core's `observeFrame`, which the
 * CLI reads, skips them too): a server's heartbeat must not hide the message a reference reads.
 */
export function lastReceivedIndex(call: LiveCallState): number | undefined {
  for (let index = call.log.end - 1; index >= call.log.first; index--) {
    const entry = call.log.at(index)
    if (entry?.direction !== 'in' || entry.kind !== 'message') continue
    const opcode = entry.meta?.['opcode']
    if (opcode !== 'ping' && opcode !== 'pong') return index
  }
  return undefined
}

/** The last frame a stream or channel received, or undefined when none is held. */
export function liveSnapshot(call: LiveCallState): ResponseSnapshot | undefined {
  const index = lastReceivedIndex(call)
  const entry = index === undefined ? undefined : call.log.at(index)
  if (!entry) return undefined
  return { body: entry.data, status: call.end?.status ?? 'OK', headers: call.headers ?? {} }
}

export interface ResponseMemorySources {
  calls: () => CallsStore | undefined
  /** The live store, only when the page made one (reading must not open a socket). */
  live: () => LiveStore | undefined
  tabs: () => TabsStore | undefined
}

export interface ResponseMemory {
  /** The previous response of the tab with this draft key. */
  previous(draftKey: string): ResponseSnapshot | undefined
  /** The last response of a saved request, by its path (`smoke/login`). */
  saved(path: string): ResponseSnapshot | undefined
  /** The `resolve` hook for a call from this tab (no tab: saved requests only). */
  resolverFor(draftKey: string | undefined): (name: string) => string | undefined
}

export function createResponseMemory(sources: ResponseMemorySources): ResponseMemory {
  const previous = (draftKey: string): ResponseSnapshot | undefined => {
    const live = sources.live()?.getState()
    const liveId = live?.byTarget[draftKey]
    const liveCall = liveId ? live?.calls[liveId] : undefined
    const fromLive = liveCall ? liveSnapshot(liveCall) : undefined
    if (fromLive) return fromLive
    const result = sources.calls()?.getState().calls[draftKey]?.result
    return result ? unarySnapshot(result) : undefined
  }
  const saved = (path: string): ResponseSnapshot | undefined => {
    // A request saved from an unsaved tab keeps that tab's key; one opened from the collection has `saved:<path>`.
    const keys = new Set([savedTabKey(path)])
    for (const tab of sources.tabs()?.getState().tabs ?? []) if (tab.savedPath === path) keys.add(tab.key)
    for (const key of keys) {
      const snapshot = previous(key)
      if (snapshot) return snapshot
    }
    return undefined
  }
  return {
    previous,
    saved,
    resolverFor(draftKey) {
      const chain: ChainSources = { saved }
      if (draftKey !== undefined) chain.current = previous(draftKey)
      return createChainResolver(chain)
    },
  }
}
