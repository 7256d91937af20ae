/** The server URL (editable, remembered per origin) followed by the path and query the call will use. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import type { MethodRef } from '../../state/catalog.js'
import { useDraft } from '../../state/useDraft.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { pathParts, queryString } from './rest-url.js'

export function RestUrlLine({ target }: { target: MethodRef }): ReactElement {
  const { prefs } = useWorkbench()
  const serverUrl = useStore(prefs, (s) => s.serverUrls[target.origin] ?? '')
  const { value } = useDraft(target.key)
  const { method, service } = target
  // The operation's own server (OpenAPI operation or path-item `servers`) wins over the document's.
  const discovered = method.baseUrl ?? service.baseUrl
  const base = serverUrl || discovered || ''
  const needsServer = service.isUploaded && !/^https?:\/\//.test(base)
  return (
    <div className="rest-url">
      <label className="rest-server">
        <span className="rest-server-label">Server</span>
        <input
          className="input mono"
          value={serverUrl}
          placeholder={discovered ?? 'https://api.example.com'}
          aria-label="Server URL"
          aria-invalid={needsServer || undefined}
          title={
            service.isUploaded
              ? 'Uploaded documents may have no absolute server: set where calls for this file go.'
              : 'Override the server calls go to (leave empty to use the discovered one).'
          }
          spellCheck={false}
          onChange={(e) => prefs.getState().setServerUrl(target.origin, e.target.value)}
        />
      </label>
      {needsServer && (
        <div className="rest-server-warning">Set a server URL: this uploaded document names no absolute server.</div>
      )}
      <div className="rest-path mono" aria-label="Request URL preview">
        <span className="rest-path-verb">{(method.httpMethod ?? 'GET').toUpperCase()}</span>
        <span className="rest-path-base">{base.replace(/\/$/, '')}</span>
        {pathParts(method.httpPath ?? '', value).map((part, index) =>
          part.kind === 'text' ? (
            <span key={index}>{part.text}</span>
          ) : (
            <span key={index} className={`rest-path-param${part.value === undefined ? ' is-missing' : ''}`}>
              {part.value ?? `{${part.name}}`}
            </span>
          ),
        )}
        <span className="rest-path-query">{queryString(method.inputType.fields, value)}</span>
      </div>
    </div>
  )
}
