/** Where the method's WebSocket connection stands, read narrowly from the live store (no re-render per frame). */
import { useStore } from 'zustand'
import { liveStoreOf } from '../../state/live-runtime.js'
import type { LiveState, LiveStatus } from '../../state/live-store.js'
import type { MethodRef } from '../../state/catalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export interface WsConnectionView {
  status: LiveStatus | undefined
  /** The subprotocol the server chose (the handshake's `sec-websocket-protocol`), once connected. */
  subprotocol: string | undefined
  /** How it ended: "Closed 4001: bye", or the problem's title. */
  ending: string | undefined
}

const latest = (s: LiveState, key: string) => {
  const id = s.byTarget[key]
  return id ? s.calls[id] : undefined
}

export function useWsConnection(target: MethodRef): WsConnectionView {
  const live = liveStoreOf(useWorkbench())
  const status = useStore(live, (s) => latest(s, target.key)?.status)
  const subprotocol = useStore(live, (s) => {
    const headers = latest(s, target.key)?.headers
    // Once the handshake headers are in, no header means the server chose none ('').
    return headers ? (headers['sec-websocket-protocol'] ?? '') : undefined
  })
  const ending = useStore(live, (s) => {
    const call = latest(s, target.key)
    return call?.end?.message ?? call?.problem?.title
  })
  return { status, subprotocol, ending }
}
