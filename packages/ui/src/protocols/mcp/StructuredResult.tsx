/** A tool's `structuredContent` beside the outcome of checking it against the tool's `outputSchema`. */
import type { ReactElement } from 'react'
import type { OutputValidation } from '@wirebench/core'
import { JsonTree } from '../../components/json/JsonTree.js'

export function StructuredResult({
  value,
  hasValue,
  validation,
}: {
  value: unknown
  hasValue: boolean
  validation: OutputValidation | undefined
}): ReactElement | null {
  if (!hasValue && !validation) return null
  return (
    <section className="mcp-structured" aria-label="Structured content">
      <h3 className="mcp-section-title">
        Structured content{' '}
        {validation &&
          (validation.valid ? (
            <span className="tag tag-accent" title="structuredContent matches the tool's outputSchema">
              matches outputSchema
            </span>
          ) : (
            <span className="tag tag-danger" title="structuredContent does not match the tool's outputSchema">
              does not match outputSchema
            </span>
          ))}
      </h3>
      {validation && !validation.valid && (
        <ul className="mcp-validation-errors" aria-label="Output schema errors">
          {(validation.errors ?? []).map((error, index) => (
            <li key={index}>
              <span className="mono">{error.path || '/'}</span> {error.message}
            </li>
          ))}
        </ul>
      )}
      {hasValue ? <JsonTree value={value} label="structuredContent" /> : <p className="muted">No structuredContent.</p>}
    </section>
  )
}
