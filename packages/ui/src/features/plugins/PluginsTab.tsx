/**
 * The Plugins panel: every protocol plugin with its state — built-ins, and sidecars (not started, running, crashed
 * with their exit, refused, invalid manifests with the reasons) with their stderr tail and a Restart. Plugins are
 * installed from the command line only (`wirebench plugin install`): the browser cannot make the workbench run code.
 */
import { useEffect, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { PluginCard } from './PluginCard.js'
import '../../styles/plugins.css'

export function PluginsTab(): ReactElement {
  const { plugins } = useWorkbench()
  const list = useStore(plugins, (s) => s.plugins)
  const isLoading = useStore(plugins, (s) => s.isLoading)
  const loadError = useStore(plugins, (s) => s.loadError)
  const restarting = useStore(plugins, (s) => s.restarting)
  const restartErrors = useStore(plugins, (s) => s.restartErrors)

  useEffect(() => {
    void plugins.getState().load()
  }, [plugins])

  const sidecars = list.filter((p) => p.kind === 'sidecar')
  const builtins = list.filter((p) => p.kind === 'builtin')
  return (
    <div className="plugins-panel">
      <div className="plugins-toolbar">
        <span className="muted plugins-count">
          {builtins.length} built in · {sidecars.length} sidecar{sidecars.length === 1 ? '' : 's'}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label="Refresh the plugin list"
          title="Refresh"
          disabled={isLoading}
          onClick={() => void plugins.getState().load()}
        >
          <Icon name="refresh" size={14} />
        </button>
      </div>
      {loadError && <ProblemNotice error={loadError} />}
      <h3 className="plugins-heading">Sidecars</h3>
      {sidecars.length === 0 ? (
        <p className="muted plugins-empty">
          No sidecar plugins. Install one with <code>wirebench plugin install &lt;dir | file.zip&gt;</code>, or start
          with <code>--plugin-dir</code>.
        </p>
      ) : (
        <ul className="plugin-list" aria-label="Sidecar plugins">
          {sidecars.map((plugin) => (
            <PluginCard
              key={`${plugin.id}:${plugin.directory ?? ''}`}
              plugin={plugin}
              isRestarting={restarting.has(plugin.id)}
              restartError={restartErrors[plugin.id]}
              onRestart={() => void plugins.getState().restart(plugin.id)}
            />
          ))}
        </ul>
      )}
      <h3 className="plugins-heading">Built in</h3>
      <ul className="plugin-list" aria-label="Built-in plugins">
        {builtins.map((plugin) => (
          <PluginCard key={plugin.id} plugin={plugin} isRestarting={false} onRestart={() => undefined} />
        ))}
      </ul>
    </div>
  )
}
