/**
 * What the MCP panes show about a server's session, folded from the session channel's frames (`McpSessionEvent`):
 * the latest `initialize` outcome, the requests waiting for the user, what became of the others, each running call's
 * progress, resource updates and the stderr tail. Folded incrementally: each frame is read once.
 */
import type { McpProgressToken, McpRequestId, McpSessionEvent, McpSessionInfo } from '@wirebench/core'

export interface PendingRequest {
  requestId: McpRequestId
  method: 'elicitation/create' | 'sampling/createMessage'
  params: unknown
  expiresAt: number
}

/** A server request that no longer waits: answered, timed out or withdrawn (newest last). */
export interface SettledRequest {
  requestId: McpRequestId
  method: string
  outcome: 'answered' | 'expired' | 'cancelled'
  by?: 'workbench' | 'user'
  detail?: string
}

export interface ProgressState {
  progress: number
  total?: number
  message?: string
}

/** The outcome of a send that asked the server something (`complete`, `subscribe`…), by the send's id. */
export interface SendReply {
  id: string
  op: string
  result?: unknown
  error?: { code?: number; message: string }
}

export interface McpSessionState {
  info?: McpSessionInfo
  closedReason?: string
  pending: PendingRequest[]
  settled: SettledRequest[]
  progress: Record<string, ProgressState>
  /** Subscribed resources' last update, by URI (epoch ms of the frame). */
  updated: Record<string, number>
  stderr: string[]
  /** Lists the server said changed since the channel opened (the sidebar is refreshed for them). */
  listChanges: number
  /** The latest replies to sends that carried an id (newest last). */
  replies: SendReply[]
  /** URL-mode elicitations the server said were finished (`notifications/elicitation/complete`), by id, newest last. */
  completedElicitations: string[]
}

export const emptySessionState: McpSessionState = {
  pending: [],
  settled: [],
  progress: {},
  updated: {},
  stderr: [],
  listChanges: 0,
  replies: [],
  completedElicitations: [],
}

const SETTLED_KEPT = 20
const STDERR_KEPT = 200
const REPLIES_KEPT = 20
const COMPLETED_KEPT = 50

const tokenKey = (token: McpProgressToken): string => `${typeof token}:${String(token)}`

export function replyOf(state: McpSessionState, id: string | undefined): SendReply | undefined {
  return id === undefined ? undefined : state.replies.find((reply) => reply.id === id)
}

export function progressOf(state: McpSessionState, token: McpProgressToken): ProgressState | undefined {
  return state.progress[tokenKey(token)]
}

function settle(state: McpSessionState, settled: SettledRequest): McpSessionState {
  return {
    ...state,
    pending: state.pending.filter((p) => p.requestId !== settled.requestId),
    settled: [...state.settled, settled].slice(-SETTLED_KEPT),
  }
}

export function isSessionEvent(value: unknown): value is McpSessionEvent {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string'
}

export function foldSessionEvent(state: McpSessionState, event: McpSessionEvent, at: number): McpSessionState {
  switch (event.kind) {
    case 'session':
      if (event.state === 'open') {
        const { closedReason: _, ...rest } = state
        return { ...rest, info: event.info }
      }
      return {
        ...state,
        closedReason: event.reason,
        pending: [],
        ...(event.process && state.info ? { info: { ...state.info, process: event.process } } : {}),
      }
    case 'progress': {
      const next: ProgressState = { progress: event.progress }
      if (event.total !== undefined) next.total = event.total
      if (event.message !== undefined) next.message = event.message
      return { ...state, progress: { ...state.progress, [tokenKey(event.progressToken)]: next } }
    }
    case 'request':
      return {
        ...state,
        pending: [
          ...state.pending.filter((p) => p.requestId !== event.requestId),
          { requestId: event.requestId, method: event.method, params: event.params, expiresAt: event.expiresAt },
        ],
      }
    case 'requestAnswered':
      return settle(state, {
        requestId: event.requestId,
        method: event.method,
        outcome: 'answered',
        by: event.by,
        ...(event.error ? { detail: event.error.message } : {}),
      })
    case 'requestExpired':
      return settle(state, {
        requestId: event.requestId,
        method: event.method,
        outcome: 'expired',
        detail: `Nobody answered within ${Number((event.timeoutMs / 1000).toFixed(1))} s; the server got a timeout error.`,
      })
    case 'requestCancelled':
      return settle(state, {
        requestId: event.requestId,
        method: event.method,
        outcome: 'cancelled',
        detail: event.reason ?? 'The server withdrew its request.',
      })
    case 'resourceUpdated':
      return { ...state, updated: { ...state.updated, [event.uri]: at } }
    case 'stderr':
      return { ...state, stderr: [...state.stderr, ...event.lines].slice(-STDERR_KEPT) }
    case 'listChanged':
      return { ...state, listChanges: state.listChanges + 1 }
    case 'reply': {
      if (event.id === undefined) return state
      const reply: SendReply = { id: event.id, op: event.op }
      if (event.result !== undefined) reply.result = event.result
      if (event.error) reply.error = event.error
      return { ...state, replies: [...state.replies, reply].slice(-REPLIES_KEPT) }
    }
    case 'notification': {
      const id = (event.params as { elicitationId?: unknown } | undefined)?.elicitationId
      if (event.method !== 'notifications/elicitation/complete' || typeof id !== 'string') return state
      return { ...state, completedElicitations: [...state.completedElicitations, id].slice(-COMPLETED_KEPT) }
    }
    case 'log':
    case 'dropped':
      return state
  }
}
