/**
 * Requests the server sends that a person answers (elicitation, sampling): each is shown on the session's channels as
 * a `request` event, waits for an `answer` from any of them, and is answered with a timeout error when nobody does in
 * time. A request the server withdraws (`notifications/cancelled`) is taken off the channels.
 */
import { CreateMessageResultSchema, ElicitResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { WorkbenchError } from '@wirebench/core'
import type { McpReplyError, McpRequestId, McpSessionEvent } from '@wirebench/core'
import { jsonRpcCodes } from '../errors.js'
import { checkElicitedContent } from '../output-validation.js'

export type AskedMethod = 'elicitation/create' | 'sampling/createMessage'

interface Pending {
  event: Extract<McpSessionEvent, { kind: 'request' }>
  resolve: (result: unknown) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

export interface ServerRequestsOptions {
  timeoutMs: number
  emit: (event: McpSessionEvent) => void
  /** Nobody can answer (the command line): refuse each request at once and say so here. */
  onUnanswerable?: (method: AskedMethod) => void
}

export type Answer = { result: unknown } | { error: McpReplyError }

export class ServerRequests {
  private readonly options: ServerRequestsOptions
  private readonly pending = new Map<McpRequestId, Pending>()

  constructor(options: ServerRequestsOptions) {
    this.options = options
  }

  /** Waits for the user's answer to a request the server sent; `signal` fires when the server withdraws it. */
  ask(method: AskedMethod, params: unknown, requestId: McpRequestId, signal: AbortSignal): Promise<unknown> {
    const { timeoutMs, onUnanswerable } = this.options
    if (onUnanswerable) {
      onUnanswerable(method)
      // Declining is an elicitation's own "no"; a sampling request has no such answer and fails instead.
      if (method === 'elicitation/create') return Promise.resolve({ action: 'decline' })
      return Promise.reject(new McpError(jsonRpcCodes.internalError, 'Nobody can answer this request here.'))
    }
    return new Promise<unknown>((resolve, reject) => {
      const event = { kind: 'request', requestId, method, params, expiresAt: Date.now() + timeoutMs } as const
      const timer = setTimeout(() => {
        if (!this.pending.delete(requestId)) return
        this.options.emit({ kind: 'requestExpired', requestId, method, timeoutMs })
        reject(
          new McpError(jsonRpcCodes.requestTimeout, `Nobody answered in the workbench within ${timeoutMs / 1000} s.`),
        )
      }, timeoutMs)
      timer.unref()
      this.pending.set(requestId, { event, resolve, reject, timer })
      signal.addEventListener('abort', () => this.withdraw(requestId, signal.reason), { once: true })
      this.options.emit(event)
    })
  }

  /** The server withdrew a request (`notifications/cancelled`): it leaves the channels and waits no more. */
  withdraw(requestId: McpRequestId, reason: unknown): void {
    const entry = this.pending.get(requestId)
    if (!entry) return
    this.settle(requestId, entry)
    this.options.emit({
      kind: 'requestCancelled',
      requestId,
      method: entry.event.method,
      ...(typeof reason === 'string' && reason !== '' ? { reason } : {}),
    })
    entry.reject(new McpError(jsonRpcCodes.requestTimeout, 'Withdrawn by the server.'))
  }

  /** Answers a pending request; throws `not_found` (none pending) or `invalid_request` (an answer of the wrong shape). */
  answer(requestId: McpRequestId, answer: Answer): void {
    const entry = this.pending.get(requestId)
    if (!entry) {
      throw new WorkbenchError('not_found', `No request ${String(requestId)} of the server is waiting for an answer.`, {
        hint: 'It was answered already (here or in another tab), expired, or withdrawn by the server.',
      })
    }
    const { method, params } = entry.event
    if ('error' in answer) {
      this.settle(requestId, entry)
      this.options.emit({
        kind: 'requestAnswered',
        requestId,
        method,
        by: 'user',
        error: { code: answer.error.code ?? -1, message: answer.error.message },
      })
      entry.reject(new McpError(answer.error.code ?? -1, answer.error.message))
      return
    }
    const result = checkAnswer(method, params, answer.result)
    this.settle(requestId, entry)
    this.options.emit({ kind: 'requestAnswered', requestId, method, by: 'user', result })
    entry.resolve(result)
  }

  /** The requests still waiting, for a channel that opens while they do. */
  waiting(): McpSessionEvent[] {
    return [...this.pending.values()].map((entry) => entry.event)
  }

  /** The session ended: nothing can be answered any more. */
  clear(): void {
    for (const entry of this.pending.values()) clearTimeout(entry.timer)
    this.pending.clear()
  }

  private settle(requestId: McpRequestId, entry: Pending): void {
    clearTimeout(entry.timer)
    this.pending.delete(requestId)
  }
}

/** Checks an answer against what the method expects (and an accepted elicitation against the requested schema). */
function checkAnswer(method: AskedMethod, params: unknown, result: unknown): unknown {
  const schema = method === 'elicitation/create' ? ElicitResultSchema : CreateMessageResultSchema
  const parsed = schema.safeParse(result)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'the answer'
    throw new WorkbenchError(
      'invalid_request',
      `Not a valid answer to ${method}: ${where}: ${issue?.message ?? 'invalid'}.`,
      {
        hint:
          method === 'elicitation/create'
            ? 'Answer {action: "accept", content: {…}}, {action: "decline"} or {action: "cancel"}.'
            : 'Answer {role: "assistant", content: {type: "text", text}, model}, or refuse with an error.',
      },
    )
  }
  if (method === 'elicitation/create') {
    const requested = (params as { requestedSchema?: unknown } | undefined)?.requestedSchema
    const content = (result as { action?: unknown; content?: unknown }).content
    if ((result as { action?: unknown }).action === 'accept' && requested !== undefined) {
      const problems = checkElicitedContent(requested, content ?? {})
      if (problems.length > 0) {
        throw new WorkbenchError(
          'invalid_request',
          `The answer does not match what the server asked for: ${problems.map((p) => `${p.path || 'content'} ${p.message}`).join('; ')}.`,
          { hint: 'Fix the fields and answer again; the request is still waiting.' },
        )
      }
    }
  }
  return result
}
