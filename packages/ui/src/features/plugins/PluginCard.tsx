/** One plugin in the Plugins panel: name, state, facts, problems, the last stderr lines and (sidecars) Restart. */
import { useState, type ReactElement } from 'react'
import type { PluginInfo } from '@wirebench/core'
import { Icon } from '../../components/Icon.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import type { ApiError } from '../../api/api-error.js'
import { iconSource, sidecarFacts, stateLabel } from './plugin-state.js'

export interface PluginCardProps {
  plugin: PluginInfo
  isRestarting: boolean
  restartError?: ApiError | undefined
  onRestart: () => void
}

export function PluginCard({ plugin, isRestarting, restartError, onRestart }: PluginCardProps): ReactElement {
  const [isOpen, setOpen] = useState(
    plugin.state === 'crashed' || plugin.state === 'invalid' || plugin.state === 'refused',
  )
  const state = stateLabel(plugin)
  const icon = iconSource(plugin.iconSvg)
  const isSidecar = plugin.kind === 'sidecar'
  const hasDetails =
    isSidecar &&
    (plugin.directory !== undefined || (plugin.stderrTail?.length ?? 0) > 0 || plugin.message !== undefined)
  return (
    <li className="plugin-card" data-plugin={plugin.id} data-state={plugin.state}>
      <div className="plugin-head">
        {icon ? (
          <img className="plugin-icon" src={icon} alt="" width={18} height={18} />
        ) : (
          <Icon name={isSidecar ? 'sliders' : 'globe'} size={16} className="plugin-icon plugin-icon-default" />
        )}
        <div className="plugin-title">
          <div className="plugin-name">{plugin.name}</div>
          <div className="plugin-id mono muted">
            {plugin.id} · {isSidecar ? 'sidecar' : 'built in'}
          </div>
        </div>
        <span className={`plugin-state tone-${state.tone}`}>{state.label}</span>
      </div>
      {isSidecar && sidecarFacts(plugin).length > 0 && (
        <div className="plugin-facts muted">{sidecarFacts(plugin).join(' · ')}</div>
      )}
      {plugin.message !== undefined && plugin.state !== 'running' && <p className="plugin-message">{plugin.message}</p>}
      {plugin.problems && plugin.problems.length > 0 && (
        <ul className="plugin-problems" aria-label={`Problems of ${plugin.name}`}>
          {plugin.problems.map((p) => (
            <li key={`${p.path}:${p.message}`}>
              <span className="mono">{p.path}</span> {p.message}
            </li>
          ))}
        </ul>
      )}
      {restartError && <ProblemNotice error={restartError} />}
      {(hasDetails || (isSidecar && plugin.state !== 'invalid')) && (
        <div className="plugin-actions">
          {hasDetails && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              aria-expanded={isOpen}
              onClick={() => setOpen(!isOpen)}
            >
              <Icon name={isOpen ? 'chevronDown' : 'chevronRight'} size={13} /> Details
            </button>
          )}
          {isSidecar && plugin.state !== 'invalid' && (
            <button
              type="button"
              className="btn btn-small"
              disabled={isRestarting}
              onClick={onRestart}
              aria-label={`Restart ${plugin.name}`}
            >
              <Icon name="refresh" size={13} /> {isRestarting ? 'Restarting…' : 'Restart'}
            </button>
          )}
        </div>
      )}
      {hasDetails && isOpen && (
        <div className="plugin-details">
          {plugin.directory && (
            <div className="plugin-dir mono" title={plugin.directory}>
              {plugin.directory}
            </div>
          )}
          {plugin.stderrTail && plugin.stderrTail.length > 0 ? (
            <pre className="plugin-stderr mono" aria-label={`Last stderr lines of ${plugin.name}`}>
              {plugin.stderrTail.slice(-20).join('\n')}
            </pre>
          ) : (
            <p className="muted plugin-stderr-empty">Nothing on stderr.</p>
          )}
        </div>
      )}
    </li>
  )
}
