/** Text with every (case-insensitive) occurrence of `needle` marked. */
import type { ReactElement } from 'react'

export function Highlight({ text, needle }: { text: string; needle: string }): ReactElement {
  if (!needle) return <>{text}</>
  const lower = text.toLowerCase()
  const parts: ReactElement[] = []
  let from = 0
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(<span key={from}>{text.slice(from, at)}</span>)
    parts.push(<mark key={`m${at}`}>{text.slice(at, at + needle.length)}</mark>)
    from = at + needle.length
  }
  if (parts.length === 0) return <>{text}</>
  if (from < text.length) parts.push(<span key={from}>{text.slice(from)}</span>)
  return <>{parts}</>
}
