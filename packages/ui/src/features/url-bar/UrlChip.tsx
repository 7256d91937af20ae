/** One discovery URL: its status dot (reasons on hover), the address, and a remove button when the list is editable. */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { McpConnect } from '../../protocols/mcp/McpConnect.js'
import { Spinner } from '../../components/Spinner.js'
import { StatusDot } from '../../components/StatusDot.js'
import type { UrlStatus } from '../../state/discovery-store.js'
import { parseUrlSpec } from '../../state/url-spec.js'
import { discoveryHint } from './discovery-hint.js'

export interface UrlChipProps {
  url: string
  status: UrlStatus
  /** `host`: the page's own origin when the workbench is embedded (its routes come from the host's route table). */
  kind: 'user' | 'demo' | 'locked' | 'host'
  onRemove?: () => void
}

export function UrlChip({ url, status, kind, onRemove }: UrlChipProps): ReactElement {
  const spec = parseUrlSpec(url)
  const lines = status.kind === 'ok' ? [status.summary] : status.kind === 'error' ? status.reasons : []
  return (
    <li className={`url-chip url-chip-${status.kind}`} data-url={url} data-status={status.kind}>
      {status.kind === 'loading' ? (
        <Spinner label={`Discovering ${url}`} size={10} />
      ) : (
        <StatusDot state={status.kind} lines={lines} label={url} heading={url} hint={discoveryHint(status)} />
      )}
      {spec.protocol && <span className="url-chip-protocol">{spec.protocol}</span>}
      <span className="url-chip-address mono">{spec.address.replace(/^https?:\/\//, '')}</span>
      {kind === 'demo' && <span className="tag tag-accent">demo</span>}
      {kind === 'host' && (
        <span className="tag tag-accent" title="This app: its routes are read from its route table, not over HTTP">
          host
        </span>
      )}
      {status.kind === 'error' && status.authChallenge && (
        <McpConnect url={spec.address} discoveryUrl={url} challenge={status.authChallenge} compact />
      )}
      {onRemove && (
        <button
          type="button"
          className="icon-btn url-chip-remove"
          aria-label={`Remove ${url}`}
          title="Remove URL"
          onClick={onRemove}
        >
          <Icon name="close" size={12} />
        </button>
      )}
    </li>
  )
}
