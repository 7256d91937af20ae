/**
 * Shown above the request editor after Send was held back, for as long as something still stands in the way: each
 * field that cannot hold its value (with a button to go to it), and strings from the document that would pull
 * variables into the call (made literal, or kept on purpose).
 */
import { escapeTemplate } from '@wirebench/core'
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import type { MethodRef } from '../../state/catalog.js'
import type { DraftHandle } from '../../state/useDraft.js'
import { sendHold } from './send-gate.js'

export interface SendHoldNoticeProps {
  target: MethodRef
  draft: DraftHandle
  /** Brings the field at `path` into view (switching to the form first). */
  onShowField?: (path: string) => void
}

export function SendHoldNotice({ target, draft, onShowField }: SendHoldNoticeProps): ReactElement | null {
  if (draft.heldAt === undefined) return null
  const hold = sendHold(target, draft)
  if (!hold) return null
  const { problems, documentTemplates } = hold
  const makeLiteral = () => {
    const literal = new Map(documentTemplates.map((text) => [text, escapeTemplate(text)]))
    draft.setValue(replaceStrings(draft.value, literal) as Record<string, unknown>)
    draft.setHeaders(draft.headers.map((row) => ({ ...row, value: literal.get(row.value) ?? row.value })))
    draft.addFilled([...literal.values()])
  }
  return (
    <div className="problem send-hold" role="alert" aria-label="Not sent">
      <Icon name="alert" className="problem-icon" />
      <div className="problem-body">
        <div className="problem-title">Not sent: {holdSummary(problems.length, documentTemplates.length)}</div>
        {problems.length > 0 && (
          <ul className="problem-errors send-hold-list">
            {problems.map((p) => (
              <li key={p.path}>
                <span className="mono">{p.path || '/'}</span> {p.message}
                {onShowField && (
                  <button type="button" className="link-btn" onClick={() => onShowField(p.path)}>
                    Show
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {documentTemplates.length > 0 && (
          <div className="send-hold-document">
            <p>
              These values came from the API description, not from you, and would send the value of a variable:{' '}
              {documentTemplates.map((text) => (
                <code key={text}>{text}</code>
              ))}
            </p>
            <button type="button" className="btn" onClick={makeLiteral}>
              Send them as written
            </button>{' '}
            <button type="button" className="btn btn-ghost" onClick={() => draft.forgetFilled(documentTemplates)}>
              Keep the variables
            </button>
          </div>
        )}
      </div>
    </div>
  )
}

function holdSummary(problemCount: number, templateCount: number): string {
  const parts: string[] = []
  if (problemCount > 0) {
    parts.push(problemCount === 1 ? 'a field cannot hold its value' : `${problemCount} fields cannot hold their values`)
  }
  if (templateCount > 0) parts.push('values from the API description reference variables')
  return `${parts.join(', and ')}.`
}

function replaceStrings(value: unknown, replacements: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return replacements.get(value) ?? value
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, replacements))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: replaceStrings(child, replacements),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  return value
}
