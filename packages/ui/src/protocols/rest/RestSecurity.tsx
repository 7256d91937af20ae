/**
 * Which auth the operation needs (its OpenAPI `security`) and whether the active environment provides it, e.g.
 * "Needs bearer (http) — active environment Local sends Bearer ✓", or says that it does not reach this host.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { addressOf } from '../../state/auth-targets.js'
import { activeEnvironment } from '../../state/environments-store.js'
import type { MethodRef } from '../../state/catalog.js'
import { headersToMetadata } from '../../state/drafts-store.js'
import { useDraft } from '../../state/useDraft.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { authReaching, authSends, bestProvision, securityView, type Provision } from './rest-security.js'

const marks: Record<Provision, string> = { yes: '✓', maybe: '?', no: '✗' }

export function RestSecurity({ target }: { target: MethodRef }): ReactElement | null {
  const { environments, auth, prefs } = useWorkbench()
  const environment = useStore(environments, activeEnvironment)
  const serverUrl = useStore(prefs, (s) => s.serverUrls[target.origin])
  const draft = useDraft(target.key)
  const headers = Object.fromEntries(
    Object.entries(headersToMetadata(draft.headers) ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  )
  const { host, standing } = environment
    ? auth.hostStandingOf(environment, addressOf(target), serverUrl)
    : { host: undefined, standing: 'no-host' as const }
  const view = securityView(target.method.security, authReaching(environment?.auth, standing), headers)
  if (view.kind === 'none-declared') return null
  if (view.kind === 'no-auth') {
    return (
      <div className="rest-security" data-provision="yes">
        <span className="rest-security-needs">No auth needed</span>{' '}
        <span className="muted">(the API description says so)</span>
      </div>
    )
  }
  const provision = bestProvision(view)
  const needs = view.alternatives.map((a) => a.schemes.map((s) => s.label).join(' + '))
  const hasAuth = !!environment && environment.auth.type !== 'none'
  const who = environment ? (
    <>
      active environment <em>{environment.name}</em> sends {authSends(environment.auth)}
      {hasAuth && standing === 'refused' && (
        <>
          , but not to <span className="mono">{host}</span> (refused in its Hosts)
        </>
      )}
      {hasAuth && standing === 'no-host' && <>, but this call names no host to approve</>}
      {hasAuth && standing === 'undecided' && (
        <>
          {' '}
          once <span className="mono">{host}</span> is approved (asked on Send)
        </>
      )}
    </>
  ) : (
    <>no environment is active</>
  )
  const typed = headers['authorization'] !== undefined ? ' (an Authorization header is set in Headers)' : ''
  return (
    <div
      className="rest-security"
      data-provision={provision}
      title={view.alternatives
        .flatMap((a) => a.schemes)
        .map((s) => `${s.label}${s.scheme.description ? `: ${s.scheme.description}` : ''}`)
        .join('\n')}
    >
      <span className="rest-security-needs">
        {view.isOptional ? 'Auth optional: ' : 'Needs '}
        {needs.length > 1 ? `one of ${needs.join(' · ')}` : needs[0]}
      </span>{' '}
      <span className="rest-security-env">
        — {who}
        {typed} <span className={`rest-security-mark is-${provision}`}>{marks[provision]}</span>
      </span>
    </div>
  )
}
