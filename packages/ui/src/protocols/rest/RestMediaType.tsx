/**
 * The media type a REST body goes out as, when the operation declares several (or one that is not JSON): the choice
 * travels as the call's `Content-Type` header (a row of the Headers tab), and the form follows it.
 */
import type { ReactElement } from 'react'
import { escapeTemplate } from '@wirebench/core'
import {
  chosenMediaType,
  contentTypeHeader,
  defaultMediaType,
  essence,
  mediaKind,
  type MediaKind,
} from '../../features/request/media-types.js'
import type { MethodRef } from '../../state/catalog.js'
import { newHeaderRow, type HeaderRow } from '../../state/drafts-store.js'
import { useDraft } from '../../state/useDraft.js'

const kindNames: Record<MediaKind, string> = { json: 'JSON', form: 'form', text: 'text', binary: 'file' }

/** The rows with `Content-Type` set to `type` (the first such row updated, or one added). */
export function withContentType(rows: readonly HeaderRow[], type: string | undefined): HeaderRow[] {
  const current = contentTypeHeader(rows)
  if (type === undefined) return rows.filter((row) => row !== current)
  if (current) return rows.map((row) => (row === current ? { ...row, value: type } : row))
  return [...rows, newHeaderRow('Content-Type', type)]
}

export function RestMediaType({ target }: { target: MethodRef }): ReactElement | null {
  const { method } = target
  const draft = useDraft(target.key)
  const declared = method.requestMediaTypes
  const chosen = chosenMediaType(method, draft.headers)
  if (!declared || declared.length === 0 || !chosen) return null
  const standard = defaultMediaType(method)
  const header = contentTypeHeader(draft.headers)
  const label = (type: string) => `${essence(type)} (${kindNames[mediaKind(type)]})`
  return (
    <div className="rest-media">
      <label className="rest-media-label" htmlFor="rest-media-type">
        Body
      </label>
      {declared.length === 1 ? (
        <span className="mono rest-media-only" id="rest-media-type">
          {label(chosen)}
        </span>
      ) : (
        <select
          id="rest-media-type"
          className="select mono"
          aria-label="Request body media type"
          value={declared.find((t) => essence(t) === essence(chosen)) ?? chosen}
          onChange={(e) => {
            const type = e.target.value
            // Choosing the default pick with no header set leaves the headers alone: nothing changes on the wire.
            if (!header && type === standard) {
              draft.setHeaders(withContentType(draft.headers, undefined))
              return
            }
            // The type is the document's text: written into a header row it must stay literal, or a declared
            // `text/x-${secret}` would pull the secret into the call when the headers are substituted.
            const literal = escapeTemplate(type)
            draft.setHeaders(withContentType(draft.headers, literal))
            draft.addFilled([literal])
          }}
        >
          {declared.map((type) => (
            <option key={type} value={type}>
              {label(type)}
            </option>
          ))}
        </select>
      )}
      <span className="muted rest-media-note">
        {header ? 'sent as the Content-Type header (Headers tab)' : 'the operation’s default'}
      </span>
    </div>
  )
}
