/** A tool's `structuredContent` beside the outcome of checking it against the tool's `outputSchema`. */
import type { ReactElement } from 'react'
import type { OutputValidation } from '@wirebench/core'
import { JsonTree } from '../../components/json/JsonTree.js'
import { useChainAction } from '../../features/response/useChainAction.js'

// The chain action copies a reference into the whole result: structured values live under `structuredContent`.
const STRUCTURED_PREFIX = ['structuredContent'] as const

export function StructuredResult({
  value,
  hasValue,
  validation,
  chainKey,
}: {
  value: unknown
  hasValue: boolean
  validation: OutputValidation | undefined
  /** The tab's draft key: structured values get the chain action. */
  chainKey: string
}): ReactElement | null {
  const chain = useChainAction(chainKey, STRUCTURED_PREFIX)
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
      {hasValue ? (
        <JsonTree value={value} label="structuredContent" onChain={chain} />
      ) : (
        <p className="muted">No structuredContent.</p>
      )}
    </section>
  )
}
