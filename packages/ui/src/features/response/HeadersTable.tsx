/** Response headers (or trailers) as a two-column, selectable table. */
import type { ReactElement } from 'react'
import { HeaderValue } from './HeaderValue.js'

export function HeadersTable({ entries, label }: { entries: Array<[string, string]>; label: string }): ReactElement {
  if (entries.length === 0) return <p className="muted headers-empty">No {label.toLowerCase()}.</p>
  return (
    <table className="headers-table" aria-label={label}>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row" className="mono">
              {name}
            </th>
            <td className="mono">
              <HeaderValue name={name} value={value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
