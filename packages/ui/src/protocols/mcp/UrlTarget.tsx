/**
 * The address a URL-mode elicitation points at, shown as text with its host set apart (and a warning when it is not
 * https), so the user sees where it leads before going. An address that is not http(s) is shown as a problem.
 */
import type { ReactElement } from 'react'

export function UrlTarget({ url, shown }: { url: URL | undefined; shown: string }): ReactElement {
  if (!url) {
    return (
      <p className="mcp-request-problem" role="alert">
        The server sent a URL that is not an http(s) address, so it is not offered to open: {shown || '(none)'}
      </p>
    )
  }
  return (
    <>
      <p className="mcp-url-host">
        <span className="muted">The server asks you to open a page on </span>
        <strong className="mono" aria-label="Host">
          {url.host}
        </strong>
        {url.protocol === 'http:' && <span className="tag tag-warn">not https</span>}
      </p>
      <p className="mono mcp-url-full" aria-label="URL">
        {shown}
      </p>
    </>
  )
}
