/** The key to the field colours of the REST form: where each field travels on the wire. */
import type { ReactElement } from 'react'
import type { FieldInfo, FieldSource } from '@wirebench/core'

const order: FieldSource[] = ['path', 'query', 'header', 'body']

export function SourceLegend({ fields }: { fields: readonly FieldInfo[] }): ReactElement | null {
  const present = order.filter((source) => fields.some((f) => f.source === source))
  if (present.length === 0) return null
  return (
    <div className="source-legend" aria-label="Field colours">
      {present.map((source) => (
        <span key={source} className={`source-legend-item source-${source}`}>
          <span className="source-swatch" />
          {source}
        </span>
      ))}
      <span className="source-legend-item">
        <span className="required-mark">*</span> required
      </span>
    </div>
  )
}
