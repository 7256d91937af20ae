/**
 * The hosts an environment's credentials may go to: the approved and refused host names (each answer to the "send
 * the credentials to …?" question lands here), editable: approve, refuse, forget (asked again), or add one ahead.
 */
import { useId, useState, type ReactElement } from 'react'
import {
  hostsOf,
  readApprovableHost,
  readHost,
  withHostDecision,
  type Environment,
  type HostBinding,
} from '@wirebench/auth'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import '../../styles/environments.css'

interface HostListProps {
  title: string
  hosts: string[]
  empty: string
  /** The other list's action: "Refuse" for approved hosts, "Approve" for refused ones. */
  moveLabel: string
  onMove: (host: string) => void
  onForget: (host: string) => void
}

function HostList({ title, hosts, empty, moveLabel, onMove, onForget }: HostListProps): ReactElement {
  return (
    <section className="hosts-list" aria-label={`${title} hosts`}>
      <h3>
        {title} <span className="tab-count">{hosts.length}</span>
      </h3>
      {hosts.length === 0 ? (
        <p className="muted hosts-empty">{empty}</p>
      ) : (
        <ul>
          {hosts.map((host) => (
            <li key={host} className="hosts-row" data-host={host}>
              <span className="mono hosts-name">{host}</span>
              <button type="button" className="btn btn-ghost" onClick={() => onMove(host)}>
                {moveLabel}
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Forget ${host} (ask again)`}
                title="Forget (ask again on the next call)"
                onClick={() => onForget(host)}
              >
                <Icon name="close" size={13} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function HostsPanel({ environment }: { environment: Environment }): ReactElement {
  const { environments } = useWorkbench()
  const inputId = useId()
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | null>(null)
  const hosts = hostsOf(environment)
  const save = (next: HostBinding) => environments.getState().setHosts(environment.id, next)
  const decide = (host: string, approved: boolean) => {
    const next = withHostDecision(environment, host, approved).hosts
    if (next) save(next)
  }
  const forget = (host: string) =>
    save({ approved: hosts.approved.filter((h) => h !== host), refused: hosts.refused.filter((h) => h !== host) })
  const add = (approved: boolean) => {
    // A refusal of `localhost` may cover every port; an approval names the one program it trusts.
    const reading = approved ? readApprovableHost(draft) : readHost(draft)
    if ('error' in reading) {
      setError(reading.error)
      return
    }
    decide(reading.host, approved)
    setDraft('')
    setError(null)
  }

  return (
    <div className="auth-panel hosts-panel" data-hosts-panel="">
      <p className="auth-help">
        This environment’s auth and its secret variables (marked secret, named like a secret, or used by the auth) go
        only to approved hosts. The first call to any other host asks; a refused host gets its calls without them. A
        host name covers every port, except on this machine (localhost, 127.0.0.1, [::1]), where each port is another
        program and is approved on its own (localhost:8080).
      </p>
      <HostList
        title="Approved"
        hosts={hosts.approved}
        empty="No host approved yet."
        moveLabel="Refuse"
        onMove={(host) => decide(host, false)}
        onForget={forget}
      />
      <HostList
        title="Refused"
        hosts={hosts.refused}
        empty="No host refused."
        moveLabel="Approve"
        onMove={(host) => decide(host, true)}
        onForget={forget}
      />
      <div className="auth-field">
        <label className="auth-label" htmlFor={inputId}>
          Add a host
        </label>
        <div className="hosts-add">
          <input
            id={inputId}
            className="input mono"
            value={draft}
            placeholder="api.example.com"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setDraft(e.target.value)
              setError(null)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') add(true)
            }}
          />
          <button type="button" className="btn" onClick={() => add(true)}>
            Approve
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => add(false)}>
            Refuse
          </button>
        </div>
        {error && (
          <p className="auth-warn" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
