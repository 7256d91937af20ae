/** The top of the request pane: badge, method name, summary under it, the DEPRECATED label and the description. */
import { useState, type ReactElement, type ReactNode } from 'react'
import { Markdown } from '../../components/markdown/Markdown.js'
import { MethodBadge, type BadgeTone } from '../../components/MethodBadge.js'
import type { MethodRef } from '../../state/catalog.js'

export interface MethodHeaderProps {
  target: MethodRef
  badge: { label: string; tone: BadgeTone }
  /** A protocol-specific line under the title (REST: the path). */
  subtitle?: ReactNode
  actions?: ReactNode
}

export function MethodHeader({ target, badge, subtitle, actions }: MethodHeaderProps): ReactElement {
  const { method, service } = target
  const [isExpanded, setExpanded] = useState(false)
  const description = method.description && method.description !== method.summary ? method.description : undefined
  return (
    <header className={`method-header${method.deprecated ? ' is-deprecated' : ''}`}>
      <div className="method-header-top">
        <MethodBadge label={badge.label} tone={badge.tone} size="large" />
        <div className="method-titles">
          <div className="method-title-row">
            {/* Focusable from script only: where the focus lands when the narrow-screen drawer closes on a pick. */}
            <h1 className="method-name" title={method.name} tabIndex={-1}>
              {method.name}
            </h1>
            {method.deprecated && (
              <span className="tag tag-danger" title="This operation is deprecated">
                DEPRECATED
              </span>
            )}
          </div>
          <div className="method-service muted">{service.name}</div>
        </div>
        {actions && <div className="method-actions">{actions}</div>}
      </div>
      {method.summary && <p className="method-summary">{method.summary}</p>}
      {subtitle}
      {description && (
        // Untrusted text from the spec: a Markdown subset rendered as React elements, never as HTML.
        <div className={`method-description${isExpanded ? ' is-expanded' : ''}`}>
          <Markdown source={description} className="method-description-body" />
          {description.length > 220 && (
            <button type="button" className="link-btn" onClick={() => setExpanded(!isExpanded)}>
              {isExpanded ? 'Show less' : 'Show more'}
            </button>
          )}
        </div>
      )}
    </header>
  )
}
