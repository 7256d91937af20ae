/** A `sampling/createMessage` request: the messages the server wants a model to answer; the user writes the reply or declines. */
import { useState, type ReactElement } from 'react'
import type { McpSessionSend } from '@wirebench/core'
import type { PendingRequest } from './session-state.js'

interface SamplingMessage {
  role?: unknown
  content?: unknown
}

function contentText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content]
  return blocks
    .map((block) => {
      const b = (block ?? {}) as { type?: unknown; text?: unknown; mimeType?: unknown }
      return b.type === 'text' && typeof b.text === 'string'
        ? b.text
        : `[${String(b.type)}${typeof b.mimeType === 'string' ? ` ${b.mimeType}` : ''}]`
    })
    .join('\n')
}

export function SamplingAnswer({
  request,
  send,
}: {
  request: PendingRequest
  send: (message: McpSessionSend) => void
}): ReactElement {
  const params = (request.params ?? {}) as { messages?: unknown; systemPrompt?: unknown; maxTokens?: unknown }
  const messages = Array.isArray(params.messages) ? (params.messages as SamplingMessage[]) : []
  const [reply, setReply] = useState('')
  return (
    <form
      className="mcp-sampling"
      aria-label="Sampling request"
      onSubmit={(event) => {
        event.preventDefault()
        send({
          op: 'answer',
          requestId: request.requestId,
          result: {
            role: 'assistant',
            content: { type: 'text', text: reply },
            model: 'wirebench-user',
            stopReason: 'endTurn',
          },
        })
      }}
    >
      {typeof params.systemPrompt === 'string' && <p className="muted">System: {params.systemPrompt}</p>}
      <ol className="mcp-sampling-messages">
        {messages.map((message, index) => (
          <li key={index}>
            <span className="tag tag-neutral">{String(message.role)}</span>{' '}
            <span className="mcp-pre">{contentText(message.content)}</span>
          </li>
        ))}
      </ol>
      <label className="mcp-elicitation-field">
        <span>Your reply (as the model)</span>
        <textarea className="input" rows={3} value={reply} onChange={(event) => setReply(event.target.value)} />
      </label>
      <div className="mcp-request-actions">
        <button type="submit" className="btn btn-primary" disabled={reply.trim() === ''}>
          Send reply
        </button>
        <button
          type="button"
          className="btn"
          onClick={() =>
            send({
              op: 'answer',
              requestId: request.requestId,
              error: { code: -1, message: 'The user declined the sampling request.' },
            })
          }
        >
          Decline
        </button>
      </div>
    </form>
  )
}
