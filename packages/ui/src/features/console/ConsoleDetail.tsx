/** An expanded console entry: its facts and the whole request, response or frame, secret values shown as `***`. */
import { useMemo, type ReactElement } from 'react'
import { maskSecretValues } from '../response/secret-values.js'
import type { ConsoleEntry } from './console-entry.js'
import { safeJson } from './console-filter.js'
import { formatMs } from './ConsoleList.js'

/** Beyond this the detail is cut (the export holds it whole): a multi-megabyte body would stall the panel. */
const MAX_DETAIL_CHARS = 200_000

export function ConsoleDetail({ entry, secrets }: { entry: ConsoleEntry; secrets: readonly string[] }): ReactElement {
  const text = useMemo(() => {
    const full = maskSecretValues(safeJson(entry.detail, 2), secrets)
    return full.length > MAX_DETAIL_CHARS
      ? `${full.slice(0, MAX_DETAIL_CHARS)}\n… (cut; export the console for all of it)`
      : full
  }, [entry, secrets])
  return (
    <section className="console-detail" aria-label="Console entry">
      <dl className="console-detail-facts">
        <dt>Time</dt>
        <dd className="mono">{new Date(entry.at).toISOString()}</dd>
        <dt>Kind</dt>
        <dd>{entry.kind}</dd>
        <dt>Call</dt>
        <dd className="mono">
          {entry.protocol} {entry.method} ({entry.callId})
        </dd>
        {entry.status !== undefined && (
          <>
            <dt>Status</dt>
            <dd className="mono">{entry.status}</dd>
          </>
        )}
        {entry.durationMs !== undefined && (
          <>
            <dt>Duration</dt>
            <dd className="mono">{formatMs(entry.durationMs)}</dd>
          </>
        )}
      </dl>
      <pre className="console-detail-body mono">{text}</pre>
    </section>
  )
}
