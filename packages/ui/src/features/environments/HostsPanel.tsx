/**
 * The hosts an environment's credentials may go to: the approved and refused host names (each answer to the "send
 * the credentials to …?" question lands here), editable: approve, refuse, forget (asked again), or add one ahead;
 * and, read-only, the origins the command line approved for this session. A name that is not a host is refused where
 * it is typed, and a stored entry a save was refused for says why on its row.
 */
import { useId, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import {
  callTarget,
  hostsOf,
  readApprovableHost,
  readHost,
  withHostDecision,
  type Environment,
  type HostBinding,
} from '@wirebench/auth'
import { Icon } from '../../components/Icon.js'
import { preApprovedOriginsOf } from '../../state/auth-binding.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { RefusedField } from './save-refusal.js'
import '../../styles/environments.css'

interface HostListProps {
  title: string
  hosts: string[]
  empty: string
  /** The other list's action: "Refuse" for approved hosts, "Approve" for refused ones. */
  moveLabel: string
  onMove: (host: string) => void
  onForget: (host: string) => void
  /** Why a save was refused for an entry, by its index in the list. */
  refusedAt: ReadonlyMap<number, string>
}

function HostList({ title, hosts, empty, moveLabel, onMove, onForget, refusedAt }: HostListProps): ReactElement {
  return (
    <section className="hosts-list" aria-label={`${title} hosts`}>
      <h3>
        {title} <span className="tab-count">{hosts.length}</span>
      </h3>
      {hosts.length === 0 ? (
        <p className="muted hosts-empty">{empty}</p>
      ) : (
        <ul>
          {hosts.map((host, index) => (
            <li
              key={host}
              className="hosts-row"
              data-host={host}
              aria-invalid={refusedAt.has(index) ? true : undefined}
            >
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
              {refusedAt.has(index) && (
                <p className="hosts-row-error" role="alert">
                  {refusedAt.get(index)} Forget it to save again.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The origins the command line approved for this session (locked `--url`s and the demo's), read-only: each covers
 * exactly its scheme, host and port, so another port of the same name is still asked about.
 */
function SessionHosts({ refused }: { refused: readonly string[] }): ReactElement | null {
  const { session } = useWorkbench()
  const config = useStore(session, (s) => s.config)
  const sources = [
    { flag: '--url', origins: preApprovedOriginsOf(config.lockedUrls ?? []) },
    { flag: '--demo', origins: preApprovedOriginsOf(config.demoUrls) },
  ]
  const origins = [...new Set(sources.flatMap((source) => source.origins))]
  if (origins.length === 0) return null
  return (
    <section className="hosts-list hosts-session" aria-label="Hosts approved for this session">
      <h3>
        Approved for this session <span className="tab-count">{origins.length}</span>
      </h3>
      <ul>
        {origins.map((origin) => {
          const flags = sources.filter((source) => source.origins.includes(origin)).map((source) => source.flag)
          const target = callTarget(origin)
          const isRefused = target !== undefined && (refused.includes(target.key) || refused.includes(target.name))
          return (
            <li key={origin} className="hosts-row" data-host={target?.key ?? origin} data-session="">
              <span className="mono hosts-name">{origin}</span>
              <span className="hosts-why">
                {isRefused
                  ? 'refused above: the refusal wins'
                  : `approved for this session: started with ${flags.join(' and ')}`}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** Index → reason for the entries of one host list a save was refused for. */
function refusedEntries(refused: readonly RefusedField[], list: 'approved' | 'refused'): Map<number, string> {
  return new Map(
    refused.flatMap((f) => (f.hostList === list && f.hostIndex !== undefined ? [[f.hostIndex, f.message]] : [])),
  )
}

export interface HostsPanelProps {
  environment: Environment
  refused?: readonly RefusedField[]
}

export function HostsPanel({ environment, refused = [] }: HostsPanelProps): ReactElement {
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
        refusedAt={refusedEntries(refused, 'approved')}
      />
      <HostList
        title="Refused"
        hosts={hosts.refused}
        empty="No host refused."
        moveLabel="Approve"
        onMove={(host) => decide(host, true)}
        onForget={forget}
        refusedAt={refusedEntries(refused, 'refused')}
      />
      <SessionHosts refused={hosts.refused} />
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
