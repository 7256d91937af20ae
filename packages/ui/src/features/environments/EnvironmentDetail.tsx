/**
 * One environment in the editor: name, make active, duplicate, delete (confirmed), then its variables, its auth and
 * its TLS trust settings and the hosts its credentials may go to.
 */
import { useState, type ReactElement, type ReactNode } from 'react'
import type { Environment } from '@wirebench/auth'
import { Icon } from '../../components/Icon.js'
import { Tabs } from '../../components/Tabs.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { AuthPanel } from '../auth/AuthPanel.js'
import { authTypeLabel, secretKeysOf } from '../auth/auth-schemes.js'
import { useSecretMarks } from './secret-marks.js'
import { HostsPanel } from './HostsPanel.js'
import type { EnvironmentPart, RefusedField } from './save-refusal.js'
import { TrustPanel } from './TrustPanel.js'
import { autoSecretVariables, unknownAuthReferences } from './variable-rules.js'
import { VariablesTable } from './VariablesTable.js'

export interface EnvironmentDetailProps {
  environment: Environment
  isActive: boolean
  onRemoved: () => void
  /** Fields of this environment a save was refused for: their tab is marked, their row says why. */
  refused?: readonly RefusedField[]
  /** The tab to open first (the one holding a refused field). */
  initialTab?: EnvironmentPart | undefined
}

type DetailTab = 'variables' | 'auth' | 'trust' | 'hosts'

const noFields: readonly RefusedField[] = []

/** A tab's label with a mark when a refused field is in it. */
function marked(label: ReactNode, isRefused: boolean): ReactNode {
  if (!isRefused) return label
  return (
    <>
      {label}{' '}
      <span className="env-tab-refused" title="A field here is refused: nothing is saved">
        <Icon name="alert" size={12} />
        <span className="visually-hidden">(refused field)</span>
      </span>
    </>
  )
}

/** What the TLS trust tab holds, in a word or two ('' for the defaults). */
function trustSummary(environment: Environment): string {
  const parts = []
  if (environment.trust?.caCertificate.trim()) parts.push('CA')
  if (environment.trust?.allowSelfSigned) parts.push('no checks')
  return parts.join(', ')
}

export function EnvironmentDetail({
  environment,
  isActive,
  onRemoved,
  refused = noFields,
  initialTab,
}: EnvironmentDetailProps): ReactElement {
  const { environments } = useWorkbench()
  const [tab, setTab] = useState<DetailTab>(() =>
    initialTab === undefined || initialTab === 'name' ? 'variables' : initialTab,
  )
  const [isConfirmingDelete, setConfirmingDelete] = useState(false)
  const [name, setName] = useState(environment.name)
  const { marked: secretMarks, toggle } = useSecretMarks(environment.id)
  const { id, vars, auth } = environment
  const autoSecret = autoSecretVariables(auth, secretKeysOf(auth), vars)
  const unknownInAuth = unknownAuthReferences(auth, vars)
  const trust = trustSummary(environment)
  const isRefused = (part: EnvironmentPart) => refused.some((field) => field.part === part)
  const refusedVariables = new Map(refused.flatMap((f) => (f.variable === undefined ? [] : [[f.variable, f.message]])))
  // Fields without a row of their own (the name, auth and trust fields) are listed above the tab's content.
  const listed = refused.filter(
    (f) => f.part !== 'hosts' && f.variable === undefined && (f.part === 'name' || f.part === tab),
  )

  return (
    <div className="env-detail">
      <div className="env-detail-head">
        <label className="env-name">
          <span className="env-label">Name</span>
          <input
            className="input"
            value={name}
            aria-label="Environment name"
            onChange={(e) => {
              setName(e.target.value)
              if (e.target.value.trim()) environments.getState().rename(id, e.target.value)
            }}
            onBlur={() => {
              setName(environment.name)
              void environments.getState().flush()
            }}
          />
        </label>
        <div className="env-detail-actions">
          {isActive ? (
            <span className="tag tag-accent env-active-tag">Active</span>
          ) : (
            <button type="button" className="btn" onClick={() => environments.getState().select(id)}>
              Use this environment
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={() => environments.getState().duplicate(id)}>
            <Icon name="copy" size={14} /> Duplicate
          </button>
          <button type="button" className="btn btn-ghost btn-danger" onClick={() => setConfirmingDelete(true)}>
            <Icon name="trash" size={14} /> Delete
          </button>
        </div>
      </div>
      {isConfirmingDelete && (
        <div className="env-confirm" role="alertdialog" aria-label={`Delete ${environment.name}?`}>
          <span>
            Delete <strong>{environment.name}</strong> with its {Object.keys(vars).length} variables and its auth? This
            cannot be undone.
          </span>
          <button
            type="button"
            className="btn env-confirm-delete"
            onClick={() => {
              environments.getState().remove(id)
              onRemoved()
            }}
          >
            Delete
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setConfirmingDelete(false)}>
            Cancel
          </button>
        </div>
      )}
      <Tabs
        idPrefix="env"
        label="Environment parts"
        selected={tab}
        onSelect={setTab}
        items={[
          { id: 'variables', label: marked('Variables', isRefused('variables')), count: Object.keys(vars).length },
          {
            id: 'auth',
            label: marked(
              <>
                Auth <span className="env-tab-auth muted">{authTypeLabel(auth.type)}</span>
              </>,
              isRefused('auth'),
            ),
          },
          {
            id: 'trust',
            label: marked(
              <>TLS trust {trust && <span className="env-tab-auth muted">{trust}</span>}</>,
              isRefused('trust'),
            ),
          },
          {
            id: 'hosts',
            label: marked('Hosts', isRefused('hosts')),
            count: (environment.hosts?.approved.length ?? 0) + (environment.hosts?.refused.length ?? 0),
          },
        ]}
      />
      <div className="env-detail-panel" id="env-panel" role="tabpanel" aria-labelledby={`env-tab-${tab}`}>
        {listed.map((field) => (
          <p key={field.path} className="auth-warn env-refused-field" role="alert" data-refused-path={field.path}>
            {field.label}: {field.message}
          </p>
        ))}
        {tab === 'variables' ? (
          <>
            <VariablesTable
              vars={vars}
              onChange={(next) => environments.getState().setVars(id, next)}
              autoSecret={autoSecret}
              marked={secretMarks}
              onToggleMark={toggle}
              refused={refusedVariables}
            />
            {unknownInAuth.length > 0 && (
              <p className="vars-note unknown-refs" role="status">
                The auth references{' '}
                {unknownInAuth.map((n) => (
                  <code key={n}>${`{${n}}`}</code>
                ))}
                , which no variable defines.
              </p>
            )}
          </>
        ) : tab === 'auth' ? (
          <AuthPanel environment={environment} />
        ) : tab === 'trust' ? (
          <TrustPanel environment={environment} />
        ) : (
          <HostsPanel environment={environment} refused={refused} />
        )}
      </div>
    </div>
  )
}
