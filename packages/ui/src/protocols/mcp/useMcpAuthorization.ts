/**
 * The MCP authorization of one server for a component: its status (connected as / expires), Connect (the popup flow,
 * then discovery again with the token applied), Cancel and Disconnect, and the steps of the running attempt.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AuthChallenge, McpAuthStatus, McpAuthStep } from '@wirebench/core'
import { WorkbenchError } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import { sameTarget } from '../../state/url-spec.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { connectMcpServer, disconnectMcpServer, mcpAuthStatus } from './mcp-connect.js'

export type McpConnectAttempt =
  | { kind: 'idle' }
  | { kind: 'waiting'; steps: McpAuthStep[] }
  | { kind: 'failed'; message: string; hint?: string; steps: McpAuthStep[] }

export interface McpAuthorization {
  status: McpAuthStatus | undefined
  attempt: McpConnectAttempt
  connect: () => Promise<void>
  cancel: () => void
  disconnect: () => Promise<void>
}

/** What went wrong and what to do, from a server problem or an error of the popup. */
function describeFailure(error: unknown): { message: string; hint?: string } {
  if (error instanceof ApiError) {
    const hint = error.problem.hint
    return { message: error.problem.detail ?? error.problem.title, ...(hint ? { hint } : {}) }
  }
  const failure = WorkbenchError.from(error)
  return { message: failure.message, ...(failure.hint ? { hint: failure.hint } : {}) }
}

/** `url` is the server's address; `discoveryUrl` the URL-list entry to discover again once connected. */
export function useMcpAuthorization(url: string, discoveryUrl: string, challenge?: AuthChallenge): McpAuthorization {
  const { api, auth, discovery } = useWorkbench()
  const [status, setStatus] = useState<McpAuthStatus | undefined>(undefined)
  const [attempt, setAttempt] = useState<McpConnectAttempt>({ kind: 'idle' })
  const running = useRef<AbortController | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    mcpAuthStatus(api, url, controller.signal).then(setStatus, () => undefined)
    return () => {
      controller.abort()
      running.current?.abort()
    }
  }, [api, url])

  const connect = useCallback(async () => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    let steps: McpAuthStep[] = []
    setAttempt({ kind: 'waiting', steps })
    try {
      const next = await connectMcpServer(api, {
        url,
        redirectUri: auth.redirectUri,
        ...(challenge?.resourceMetadata ? { resourceMetadataUrl: challenge.resourceMetadata } : {}),
        ...(challenge?.scope ? { scope: challenge.scope } : {}),
        signal: controller.signal,
        onSteps: (done) => {
          steps = done
          if (running.current === controller) setAttempt({ kind: 'waiting', steps })
        },
      })
      if (running.current !== controller) return
      setStatus(next)
      setAttempt({ kind: 'idle' })
      // The list entry of this server (it may be written with an `mcp@` pin), discovered again with the token.
      const listed = Object.keys(discovery.getState().byUrl).filter((u) => sameTarget(u, discoveryUrl))
      await discovery.getState().discover(listed.length > 0 ? listed : [discoveryUrl])
    } catch (error) {
      if (running.current === controller) setAttempt({ kind: 'failed', ...describeFailure(error), steps })
    }
  }, [api, auth.redirectUri, challenge, discovery, discoveryUrl, url])

  const cancel = useCallback(() => running.current?.abort(), [])

  const disconnect = useCallback(async () => {
    running.current?.abort()
    setAttempt({ kind: 'idle' })
    setStatus(await disconnectMcpServer(api, url))
  }, [api, url])

  return { status, attempt, connect, cancel, disconnect }
}
