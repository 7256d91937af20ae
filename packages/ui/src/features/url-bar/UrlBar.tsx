/**
 * The URL bar: every discovery URL with its status, add/remove when editable, a lock when the CLI fixed the list. On
 * narrow screens the list folds into one summary row (a dot per URL, how many failed) that opens it.
 */
import { useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { urlStatus } from '../../state/discovery-store.js'
import { activeUrls } from '../../state/urls-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { importCurl } from '../import/curl-import.js'
import { AddUrlForm } from './AddUrlForm.js'
import { UrlBarSummary } from './UrlBarSummary.js'
import { UrlChip } from './UrlChip.js'

export function UrlBar(): ReactElement {
  const workbench = useWorkbench()
  const { urls, discovery } = workbench
  const userUrls = useStore(urls, (s) => s.userUrls)
  const lockedUrls = useStore(urls, (s) => s.lockedUrls)
  const demoUrls = useStore(urls, (s) => s.demoUrls)
  const isEmbedded = useStore(workbench.session, (s) => s.config.embedded !== undefined)
  const byUrl = useStore(discovery, (s) => s.byUrl)
  const isLocked = lockedUrls !== null
  const all = activeUrls({ userUrls, lockedUrls, demoUrls })
  const isAnyLoading = all.some((u) => byUrl[u]?.isLoading)
  // An empty list has nothing to fold: it starts open on the add field, and stays open while the user adds to it.
  const [isExpanded, setExpanded] = useState(all.length === 0)
  const statuses = all.map((url) => urlStatus(byUrl[url]))

  return (
    <div
      className={`url-bar${isLocked ? ' is-locked' : ''}${isExpanded ? ' is-expanded' : ''}`}
      aria-label="Discovery URLs"
      role="region"
    >
      <UrlBarSummary statuses={statuses} isExpanded={isExpanded} onToggle={() => setExpanded(!isExpanded)} />
      {isLocked && (
        <span
          className="locked-indicator"
          title="These URLs were given on the command line (--url) and cannot be changed here."
        >
          <Icon name="lock" size={13} /> locked
        </span>
      )}
      <ul className="url-list" id="url-list">
        {all.map((url, i) => {
          const kind = isLocked
            ? 'locked'
            : isEmbedded && url === window.location.origin
              ? 'host'
              : demoUrls.includes(url)
                ? 'demo'
                : 'user'
          return (
            <UrlChip
              key={url}
              url={url}
              kind={kind}
              status={statuses[i]!}
              onRemove={kind === 'user' ? () => urls.getState().remove(url) : undefined}
            />
          )
        })}
        {all.length === 0 && (
          <li className="url-list-empty muted">No URLs yet — add an OpenAPI document or server address.</li>
        )}
      </ul>
      {!isLocked && (
        <AddUrlForm
          onAdd={(url) => urls.getState().add(url)}
          onImportCurl={(command) => importCurl(workbench, command)}
        />
      )}
      <button
        type="button"
        className="icon-btn"
        aria-label="Rediscover all URLs"
        title="Rediscover all URLs"
        disabled={all.length === 0 || isAnyLoading}
        onClick={() => void discovery.getState().discover(all)}
      >
        <Icon name="refresh" size={15} />
      </button>
    </div>
  )
}
