/** One header value: long ones (cookies, JWTs, CSP) start clamped to a few lines with a toggle, so they do not push the rest off screen. */
import { useState, type ReactElement } from 'react'

const LONG_VALUE = 240

export function HeaderValue({ name, value }: { name: string; value: string }): ReactElement {
  const [isExpanded, setExpanded] = useState(false)
  if (value.length <= LONG_VALUE) return <span className="header-value">{value}</span>
  return (
    <>
      <span className={`header-value${isExpanded ? '' : ' is-clamped'}`}>{value}</span>
      <button
        type="button"
        className="link-btn header-value-toggle"
        aria-expanded={isExpanded}
        aria-label={`${isExpanded ? 'Collapse' : 'Show all of'} ${name}`}
        onClick={() => setExpanded(!isExpanded)}
      >
        {isExpanded ? 'Show less' : `Show all ${value.length.toLocaleString()} characters`}
      </button>
    </>
  )
}
