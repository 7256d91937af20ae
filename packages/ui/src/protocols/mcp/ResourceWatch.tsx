/**
 * Subscribe / Unsubscribe for a resource (`resources/subscribe`, when the server offers it) and, once subscribed,
 * when the server last said it changed (`notifications/resources/updated`), with a button to read it again.
 */
import { useState, type ReactElement } from 'react'
import type { McpSessionHandle } from './useMcpSession.js'

/** Subscriptions this page made, by server and URI: they outlive the pane (the server keeps them for the session). */
const subscribed = new Set<string>()

export function ResourceWatch({
  uri,
  session,
  onRead,
}: {
  uri: string
  session: McpSessionHandle
  onRead: () => void
}): ReactElement | null {
  const key = `${session.eventsTarget?.key ?? ''} ${uri}`
  const [isSubscribed, setSubscribed] = useState(() => subscribed.has(key))
  const resources = session.state.info?.capabilities.resources as { subscribe?: unknown } | undefined
  if (resources?.subscribe !== true) return null
  const updatedAt = session.state.updated[uri]
  return (
    <div className="mcp-watch">
      <button
        type="button"
        className="btn"
        aria-pressed={isSubscribed}
        onClick={() => {
          session.send({ op: isSubscribed ? 'unsubscribe' : 'subscribe', uri })
          if (isSubscribed) subscribed.delete(key)
          else subscribed.add(key)
          setSubscribed(!isSubscribed)
        }}
      >
        {isSubscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      {updatedAt !== undefined && (
        <span className="mcp-updated" role="status">
          Updated {new Date(updatedAt).toLocaleTimeString()}{' '}
          <button type="button" className="link-btn" onClick={onRead}>
            Read again
          </button>
        </span>
      )}
    </div>
  )
}
