/** One row of the JSON tree: a container's open (or collapsed) line, its close line, or a key with a scalar value. */
import type { ReactElement } from 'react'
import { Icon } from '../Icon.js'
import { Highlight } from './Highlight.js'
import type { JsonRow } from './json-rows.js'

/** Longest string shown inline on one line; the rest is reached with Wrap. */
export const MAX_INLINE_STRING = 400
/** Longest string shown when wrapping; beyond it the raw view has the whole text. */
export const MAX_WRAPPED_STRING = 100_000

export interface JsonRowViewProps {
  row: JsonRow
  onToggle: (id: string) => void
  /** Long strings shown whole and wrapped (else cut to one line). */
  isWrapped: boolean
  /** Lower-cased text to mark (the filter's). */
  needle: string
  /** Asks the tree to wrap, so a cut string can be read. */
  onShowAll: () => void
  /** Request chaining: copies a reference to the row's value (the button shows on hover and keyboard focus). */
  onChain?: ((id: string) => void) | undefined
}

/** The chain action of a value row: a button, so Tab reaches it and Enter runs it. */
function ChainButton({ id, label, onChain }: { id: string; label: string; onChain: (id: string) => void }) {
  return (
    <button
      type="button"
      className="json-chain"
      aria-label={`Chain ${label}: copy a reference to it`}
      title="Copy a ${response…} reference to this value, to use in another request"
      onClick={() => onChain(id)}
    >
      <Icon name="link" size={12} />
    </button>
  )
}

export function JsonRowView({ row, onToggle, isWrapped, needle, onShowAll, onChain }: JsonRowViewProps): ReactElement {
  const comma = row.isLast ? '' : ','
  if (row.kind === 'close') {
    return (
      <span>
        <span className="json-toggle-spacer" />
        <span className="json-punct">
          {row.isArray ? ']' : '}'}
          {comma}
        </span>
      </span>
    )
  }
  const key = row.label !== null && (
    <span className="json-key">
      <Highlight text={JSON.stringify(row.label)} needle={needle} />
    </span>
  )
  if (row.kind === 'leaf') {
    return (
      <span role="treeitem" aria-selected={false}>
        <span className="json-toggle-spacer" />
        {key}
        {key && <span className="json-punct">: </span>}
        <JsonScalar value={row.value} isWrapped={isWrapped} needle={needle} onShowAll={onShowAll} />
        <span className="json-punct">{comma}</span>
        {onChain && <ChainButton id={row.id} label={row.label ?? 'the body'} onChain={onChain} />}
      </span>
    )
  }
  const [open, close] = row.isArray ? ['[', ']'] : ['{', '}']
  return (
    <span role="treeitem" aria-expanded={row.isExpanded} aria-selected={false}>
      <button
        type="button"
        className="json-toggle"
        aria-label={row.isExpanded ? 'Collapse' : 'Expand'}
        onClick={() => onToggle(row.id)}
        disabled={row.size === 0}
      >
        {row.size === 0 ? '' : row.isExpanded ? '▾' : '▸'}
      </button>
      {key}
      {key && <span className="json-punct">: </span>}
      <span className="json-punct">{open}</span>
      {!row.isExpanded && (
        <>
          {row.size > 0 && (
            <button type="button" className="json-summary" onClick={() => onToggle(row.id)}>
              {row.size.toLocaleString()}{' '}
              {row.isArray ? (row.size === 1 ? 'item' : 'items') : row.size === 1 ? 'key' : 'keys'}
            </button>
          )}
          <span className="json-punct">
            {close}
            {comma}
          </span>
        </>
      )}
      {onChain && <ChainButton id={row.id} label={row.label ?? 'the body'} onChain={onChain} />}
    </span>
  )
}

interface JsonScalarProps {
  value: unknown
  isWrapped: boolean
  needle: string
  onShowAll: () => void
}

/** Characters kept before a find match that is moved to the front of a one-line string. */
const MATCH_LEAD = 16

/**
 * On one line, a string whose find match lies past its first few characters is shown from just before the match,
 * with a leading "…": else the match sits beyond the row's edge (or past the cut) and "1 match" shows nothing.
 */
function revealMatch(value: string, needle: string): { text: string; skipped: number } {
  const at = needle ? value.toLowerCase().indexOf(needle) : -1
  if (at <= MATCH_LEAD) return { text: value, skipped: 0 }
  const skipped = at - MATCH_LEAD
  return { text: value.slice(skipped), skipped }
}

function JsonScalar({ value, isWrapped, needle, onShowAll }: JsonScalarProps): ReactElement {
  if (typeof value === 'string') {
    const limit = isWrapped ? MAX_WRAPPED_STRING : MAX_INLINE_STRING
    const { text, skipped } = isWrapped ? { text: value, skipped: 0 } : revealMatch(value, needle)
    const lead = skipped > 0 ? '…' : ''
    const isCut = text.length > limit
    const shown = lead + (isCut ? text.slice(0, limit) : text)
    if (isCut && !isWrapped) {
      // The row ends in an ellipsis: the string itself is the control that wraps the tree to read it whole.
      return (
        <span
          className="json-string is-cut"
          role="button"
          tabIndex={0}
          title={`${(text.length - limit).toLocaleString()} more characters: click (or Enter) to wrap long strings`}
          onClick={onShowAll}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault()
              onShowAll()
            }
          }}
        >
          <Highlight text={JSON.stringify(`${shown}…`)} needle={needle} />
        </span>
      )
    }
    return (
      <>
        <span
          className="json-string"
          title={skipped > 0 ? `Shown from the match: ${skipped} characters before it` : undefined}
        >
          <Highlight text={JSON.stringify(isCut ? `${shown}…` : shown)} needle={needle} />
        </span>
        {isCut && (
          <span className="json-more muted"> (+{(text.length - limit).toLocaleString()} characters: see Raw)</span>
        )}
      </>
    )
  }
  const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : 'null'
  const tone = typeof value === 'number' ? 'json-number' : typeof value === 'boolean' ? 'json-bool' : 'json-null'
  return (
    <span className={tone}>
      <Highlight text={text} needle={needle} />
    </span>
  )
}
