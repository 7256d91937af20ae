/**
 * Sending on a WebSocket channel from the pane: builds the frame message for a kind and payload, resolves `${…}`
 * variables in it (the active environment, system variables), connects first when needed, and sends.
 */
import { useCallback } from 'react'
import { composeMessages } from '../../features/live/composer-messages.js'
import type { LiveCallHandle } from '../../features/live/useLiveCall.js'
import { addressOf } from '../../state/auth-targets.js'
import type { MethodRef } from '../../state/catalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { buildWsMessage, type WsKind } from './ws-compose.js'

export interface WsSendOutcome {
  /** What is wrong with the payload (nothing was sent). */
  error?: string
  /** Variables that resolved to nothing (left visible in the frame). */
  unknown: string[]
  /** Secret variables left as written because the socket's host may not receive them. */
  withheld?: string[]
}

/** Resolves once the frame was sent (or not: a connection that did not open sends nothing, and says so itself). */
export function useWsSender(
  handle: LiveCallHandle,
  target: MethodRef,
): (kind: WsKind, payload: string) => Promise<WsSendOutcome> {
  const { auth, responses } = useWorkbench()
  const { isActive, status, open, send } = handle
  return useCallback(
    async (kind, payload) => {
      const built = buildWsMessage(kind, payload)
      if ('error' in built) return { error: built.error, unknown: [] }
      if (isActive && status === 'half-closed') return { error: 'The connection is closing.', unknown: [] }
      // Connecting may ask whether the host gets the environment's credentials: the frame is built after the answer.
      if (!isActive && !(await open())) return { unknown: [] }
      // The socket's host decides whether secret variables may go into its frames.
      const vars = auth.frameVariables(addressOf(target))
      const composed = composeMessages(built.message, 1, {
        ...(vars ? { scopes: [vars] } : {}),
        resolve: responses.resolverFor(target.key),
      })
      const withheld = auth.frameWithheld(addressOf(target), undefined, composed.unknown)
      send(composed.messages)
      return { unknown: composed.unknown.filter((name) => !withheld.includes(name)), withheld }
    },
    [auth, responses, target, isActive, status, open, send],
  )
}
