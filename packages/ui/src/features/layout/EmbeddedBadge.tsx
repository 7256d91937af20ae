/**
 * Says the workbench runs inside a web host: the host's name, framework and how many of its routes were read, and a
 * warning when the route table could not be read whole (the workbench was registered after some routes).
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { useWorkbench } from '../../state/useWorkbench.js'

export function EmbeddedBadge(): ReactElement | null {
  const { session } = useWorkbench()
  const embedded = useStore(session, (s) => s.config.embedded)
  if (!embedded) return null
  const routes = `${embedded.routeCount} route${embedded.routeCount === 1 ? '' : 's'}`
  return (
    <span
      className={`embedded-badge${embedded.notice ? ' has-notice' : ''}`}
      role="status"
      title={
        embedded.notice ?? `Embedded in ${embedded.name} (${embedded.framework}): ${routes} read from its route table.`
      }
    >
      <span className="embedded-badge-name">{embedded.name}</span>
      <span className="embedded-badge-count">
        {embedded.framework} · {routes}
      </span>
      {embedded.notice && <span className="embedded-badge-warning">some without schemas</span>}
    </span>
  )
}
