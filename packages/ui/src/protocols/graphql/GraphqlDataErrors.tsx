/** Data and errors side by side; an error's path opens the value it points at in the data. */
import { useState, type ReactElement } from 'react'
import { JsonTree } from '../../components/json/JsonTree.js'
import { formatPath, valueAtPath, type GraphqlErrorView, type GraphqlResponseView } from './graphql-response.js'

export function GraphqlDataErrors({ view }: { view: GraphqlResponseView }): ReactElement {
  const hasErrors = view.errors.length > 0
  return (
    <div className={`gql-result${hasErrors ? ' has-errors' : ''}`}>
      <section className="gql-result-data" aria-label="Data">
        <h3 className="gql-result-title">
          Data
          {view.isPartial && <span className="tag tag-warn">partial</span>}
        </h3>
        {view.hasData ? (
          <JsonTree value={view.data} label="Data" />
        ) : (
          <p className="muted gql-result-empty">{view.data === null ? 'null: no data came back.' : 'No data.'}</p>
        )}
      </section>
      {hasErrors && (
        <section className="gql-result-errors" aria-label="Errors">
          <h3 className="gql-result-title">
            Errors <span className="tab-count">{view.errors.length}</span>
          </h3>
          <ol className="gql-error-list">
            {view.errors.map((error, i) => (
              <ErrorItem key={i} error={error} data={view.data} />
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}

function ErrorItem({ error, data }: { error: GraphqlErrorView; data: unknown }): ReactElement {
  const [isShowingValue, setShowingValue] = useState(false)
  const path = error.path
  const at = path ? valueAtPath(data, path) : undefined
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : undefined
  return (
    <li className="gql-error">
      <div className="gql-error-message">
        {code && <span className="tag tag-danger mono">{code}</span>} {error.message}
      </div>
      <div className="gql-error-facts">
        {path && path.length > 0 && (
          <button
            type="button"
            className="link-btn mono gql-error-path"
            aria-expanded={isShowingValue}
            title="Show the value at this path in the data"
            onClick={() => setShowingValue(!isShowingValue)}
          >
            {formatPath(path)}
          </button>
        )}
        {error.locations?.map((l) => (
          <span key={`${l.line}:${l.column}`} className="mono muted" title="Line and column in the operation">
            {l.line}:{l.column}
          </span>
        ))}
      </div>
      {isShowingValue && path && at && (
        <div className="gql-error-value">
          <span className="muted">
            {at.depth === path.length ? 'Value at ' : 'Deepest existing part, '}
            <span className="mono">{formatPath(path.slice(0, at.depth)) || 'data'}</span>:
          </span>
          <pre className="mono">{JSON.stringify(at.value, null, 2) ?? 'undefined'}</pre>
        </div>
      )}
      {error.extensions && Object.keys(error.extensions).length > 0 && (
        <details className="gql-error-extensions">
          <summary className="muted">extensions</summary>
          <pre className="mono">{JSON.stringify(error.extensions, null, 2)}</pre>
        </details>
      )}
    </li>
  )
}
