/**
 * The session channel (`Session/events`, duplex): the live view of one pooled session. Frames carry the session's
 * events (`McpSessionEvent`: notifications, progress, logs, the server's requests, stderr, replies); sends are
 * `McpSessionSend` ops — answers to the server's requests, log level, subscriptions, completion, cancellation, roots,
 * ping — each answered by a `reply` event. Several channels (tabs) may watch one session; the first answer wins.
 * Closing a channel leaves the session open for calls.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, Channel, McpRoot, McpSessionEvent, McpSessionSend, StreamFrame } from '@wirebench/core'
import { sessionEventsMethod, sessionService } from './describe/services.js'
import { badMessage, toMcpError } from './errors.js'
import { EventQueue } from './event-queue.js'
import { readComplete, runSessionOp } from './session-ops.js'
import type { SessionPool, SessionRequest, SessionSlot } from './session/pool.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'

const sendShape =
  'Send {op: "answer" | "setLevel" | "subscribe" | "unsubscribe" | "complete" | "cancel" | "setRoots" | "ping", id?, …} (see the MCP plugin README).'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isRequestId = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))

/** Checks a send's shape; throws `invalid_request` naming what is wrong. */
export function readSend(message: unknown): McpSessionSend {
  if (!isRecord(message) || typeof message['op'] !== 'string')
    throw badMessage('session channel', 'it must be an object with an "op"', sendShape)
  const { op } = message
  if (message['id'] !== undefined && typeof message['id'] !== 'string')
    throw badMessage('session channel', 'id must be a string', sendShape)
  switch (op) {
    case 'answer':
      if (!isRequestId(message['requestId']))
        throw badMessage('answer', 'requestId must be the id of the request', sendShape)
      if ('error' in message) {
        const error = message['error']
        if (!isRecord(error) || typeof error['message'] !== 'string')
          throw badMessage('answer', 'error must be {code?, message}', sendShape)
      } else if (!('result' in message)) throw badMessage('answer', 'it needs a result or an error', sendShape)
      break
    case 'setLevel':
    case 'ping':
      break
    case 'subscribe':
    case 'unsubscribe':
      if (typeof message['uri'] !== 'string') throw badMessage(op, 'uri must be a string', sendShape)
      break
    case 'complete': {
      const { op: _op, id: _id, ...fields } = message
      readComplete(fields)
      break
    }
    case 'cancel':
      if (!isRequestId(message['progressToken']))
        throw badMessage('cancel', 'progressToken must name a running call', sendShape)
      break
    case 'setRoots': {
      const roots = message['roots']
      if (
        !Array.isArray(roots) ||
        !roots.every((r) => isRecord(r) && typeof r['uri'] === 'string' && r['uri'].startsWith('file://'))
      ) {
        throw badMessage('setRoots', 'roots must be [{uri: "file://…", name?}]', sendShape)
      }
      break
    }
    default:
      throw badMessage('session channel', `"${op.slice(0, 40)}" is not an op`, sendShape)
  }
  return message as McpSessionSend
}

export interface ChannelDeps {
  pool: SessionPool
  maxQueuedEvents: number
}

let channels = 0

export async function openSessionChannel(
  call: Call,
  request: SessionRequest,
  ctx: CallContext,
  deps: ChannelDeps,
): Promise<Channel> {
  if (call.service !== sessionService || call.method !== sessionEventsMethod) {
    throw new WorkbenchError(
      'not_found',
      `${call.service}.${call.method} is not a channel; the session channel is ${sessionService}.${sessionEventsMethod}.`,
    )
  }
  const queue = new EventQueue(deps.maxQueuedEvents)
  let sawOpen = false
  const { session, slot, unsubscribe } = await deps.pool.subscribe(request, ctx, (event) => {
    if (event.kind === 'session' && event.state === 'open') sawOpen = true
    queue.push(event)
  })
  if (!sawOpen) queue.push({ kind: 'session', state: 'open', info: session.info() })
  for (const waiting of session.requests.waiting()) queue.push(waiting)

  let isSendClosed = false
  let isDisposed = false
  const inFlight = new Set<Promise<void>>()
  const dispose = (): Promise<void> => {
    if (isDisposed) return Promise.resolve()
    isDisposed = true
    isSendClosed = true
    unsubscribe()
    queue.end()
    return Promise.resolve()
  }
  ctx.signal.addEventListener('abort', () => void dispose(), { once: true })

  const reply = (send: McpSessionSend, outcome: { result?: unknown; error?: unknown }) => {
    const event: Extract<McpSessionEvent, { kind: 'reply' }> = { kind: 'reply', op: send.op }
    if (send.id !== undefined) event.id = send.id
    if ('error' in outcome) {
      const error = outcome.error
      event.error =
        error instanceof McpError
          ? { code: error.code, message: error.message }
          : { message: toMcpError(error, { url: request.address, signal: ctx.signal }).message }
    } else event.result = outcome.result ?? {}
    queue.push(event)
  }

  const run = (send: McpSessionSend): Promise<void> => {
    const work = perform(send, slot, request, ctx, deps).then(
      (result) => reply(send, { result }),
      (error: unknown) => reply(send, { error }),
    )
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
    return work
  }

  return {
    id: `mcp-session-${++channels}`,
    clientStreaming: true,
    serverStreaming: true,
    send(message) {
      if (isSendClosed) return Promise.resolve(false)
      try {
        void run(readSend(message))
        return Promise.resolve(true)
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },
    async closeSend() {
      if (isSendClosed) return
      isSendClosed = true
      await Promise.allSettled([...inFlight])
      unsubscribe()
      queue.end()
    },
    frames(): AsyncIterable<StreamFrame> {
      return (async function* () {
        for (let event = await queue.next(); event !== undefined; event = await queue.next()) {
          yield { type: 'message', data: event, meta: { kind: event.kind } }
        }
        if (!ctx.signal.aborted) yield { type: 'end', status: 'OK' }
      })()
    },
    dispose,
  }
}

/** Does what a send asks; resolves with the reply's result, rejects with what went wrong. */
async function perform(
  send: McpSessionSend,
  slot: SessionSlot,
  request: SessionRequest,
  ctx: CallContext,
  deps: ChannelDeps,
): Promise<unknown> {
  switch (send.op) {
    case 'answer': {
      const session = slot.session
      if (!session)
        throw new WorkbenchError('not_found', 'The session that asked is closed; nothing waits for this answer.')
      session.answer(send.requestId, 'error' in send ? { error: send.error } : { result: send.result })
      return {}
    }
    case 'cancel': {
      const cancelled =
        slot.session?.cancel(send.progressToken, send.reason ?? 'Cancelled from the workbench.') ?? false
      if (!cancelled)
        throw new WorkbenchError('not_found', `No running call has the progress token ${String(send.progressToken)}.`)
      return {}
    }
    case 'setRoots': {
      slot.roots = send.roots.map((root: McpRoot) =>
        root.name === undefined ? { uri: root.uri } : { uri: root.uri, name: root.name },
      )
      await slot.session?.sendRootsChanged()
      return { roots: slot.roots }
    }
    case 'ping':
    case 'complete':
    case 'setLevel':
    case 'subscribe':
    case 'unsubscribe': {
      const lease = await deps.pool.acquire(request, ctx)
      try {
        const { op, id: _id, ...fields } = send
        return await runSessionOp(op, fields, lease.session, ctx)
      } finally {
        lease.release()
      }
    }
  }
}
