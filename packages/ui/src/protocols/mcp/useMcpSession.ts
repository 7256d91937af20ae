/**
 * The session channel of the MCP server a pane belongs to (`Session/events`, duplex): found in the catalog by origin,
 * opened once when an MCP pane first shows (so the server's requests, progress and logs reach the page while a call
 * runs), folded into `McpSessionState`, and a `send` for the channel's ops. A `listChanged` frame re-discovers the
 * server's URL so the sidebar shows the new list without a reload.
 */
import { useEffect, useMemo, useState } from 'react'
import { MCP_SESSION_EVENTS_METHOD, MCP_SESSION_SERVICE, type McpSessionSend } from '@wirebench/core'
import { useLiveCall, useLiveCallState, type LiveCallHandle } from '../../features/live/useLiveCall.js'
import { methodKey, serviceOrigin, type Catalog, type MethodRef } from '../../state/catalog.js'
import type { LiveCallState } from '../../state/live-store.js'
import { useCatalog } from '../../state/useCatalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { emptySessionState, foldSessionEvent, isSessionEvent, type McpSessionState } from './session-state.js'

export interface McpSessionHandle {
  /** The server's `Session/events` method (absent when discovery listed none). */
  eventsTarget: MethodRef | undefined
  /** The discovery URL the server was listed under. */
  discoveryUrl: string | undefined
  state: McpSessionState
  channel: LiveCallHandle
  isOpen: boolean
  /** Sends one op on the channel (opening it first when it is not open). */
  send: (message: McpSessionSend) => void
}

/** The `Session/events` method of the server that lists `target`, and the URL it was discovered from. */
export function findSessionEvents(
  catalog: Catalog,
  target: MethodRef,
): { eventsTarget: MethodRef; discoveryUrl: string } | undefined {
  for (const group of catalog.groups) {
    for (const service of group.services) {
      if (service.protocol !== 'mcp' || service.name !== MCP_SESSION_SERVICE) continue
      if (serviceOrigin(service, group.origin) !== target.origin) continue
      const method = service.methods.find((m) => m.name === MCP_SESSION_EVENTS_METHOD)
      const ref = method ? catalog.byKey.get(methodKey(service, method, group.origin)) : undefined
      if (ref) return { eventsTarget: ref, discoveryUrl: group.origin }
    }
  }
  return undefined
}

/**
 * Folds a channel's log into session state, each frame once: called during render with the latest call state (like
 * the live log's event-type index), it reads only the frames added since the last call.
 */
export function createSessionFolder(): { update: (call: LiveCallState | undefined) => McpSessionState } {
  let callId: string | undefined
  let next = 0
  let state = emptySessionState
  return {
    update: (call) => {
      if (!call) {
        callId = undefined
        next = 0
        state = emptySessionState
        return state
      }
      if (call.id !== callId) {
        callId = call.id
        next = call.log.first
        state = emptySessionState
      }
      const from = Math.max(next, call.log.first)
      for (const entry of call.log.slice(from, call.log.end)) {
        if (entry.direction === 'in' && entry.kind === 'message' && isSessionEvent(entry.data)) {
          state = foldSessionEvent(state, entry.data, entry.at)
        }
      }
      next = call.log.end
      return state
    },
  }
}

/** Channels this page opened on its own: each server's is opened once, then only by the user (Connect). */
const autoOpened = new Set<string>()

export function useMcpSession(target: MethodRef): McpSessionHandle {
  const { discovery } = useWorkbench()
  const catalog = useCatalog()
  const found = useMemo(() => findSessionEvents(catalog, target), [catalog, target])
  // Hooks need a target even when the server has no session service: the pane's own method stands in, unused.
  const eventsTarget = found?.eventsTarget ?? target
  const channel = useLiveCall(eventsTarget)
  const call = useLiveCallState(eventsTarget)
  const [folder] = useState(createSessionFolder)
  const state = folder.update(found ? call : undefined)

  const { start } = channel
  useEffect(() => {
    if (!found || autoOpened.has(found.eventsTarget.key)) return
    autoOpened.add(found.eventsTarget.key)
    if (!call) start()
  }, [found, call, start])

  const discoveryUrl = found?.discoveryUrl
  const listChanges = state.listChanges
  useEffect(() => {
    if (listChanges > 0 && discoveryUrl) void discovery.getState().discover([discoveryUrl])
  }, [listChanges, discoveryUrl, discovery])

  const isOpen = channel.status === 'open'
  return useMemo(
    () => ({
      eventsTarget: found?.eventsTarget,
      discoveryUrl,
      state,
      channel,
      isOpen,
      send: (message: McpSessionSend) => {
        if (!channel.isActive) channel.start()
        channel.send([message])
      },
    }),
    [found, discoveryUrl, state, channel, isOpen],
  )
}
