/** The console's panel: filters by kind and text, counts, clear and export, the list and the expanded entry. */
import { useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { downloadText } from '../live/live-export.js'
import { createFilteredWindowOf, fullWindow } from '../live/log-window.js'
import { CONSOLE_KINDS, type ConsoleEntry } from './console-entry.js'
import { consoleExportFilename, toConsoleNdjson } from './console-export.js'
import { consolePredicate, filterKey, isFiltering } from './console-filter.js'
import type { ConsoleStore } from './console-store.js'
import { ConsoleDetail } from './ConsoleDetail.js'
import { ConsoleList } from './ConsoleList.js'

export function ConsolePanel({ store, onClose }: { store: ConsoleStore; onClose: () => void }): ReactElement {
  const version = useStore(store, (s) => s.version)
  const kinds = useStore(store, (s) => s.kinds)
  const text = useStore(store, (s) => s.text)
  const [selected, setSelected] = useState<number | null>(null)
  const [isExpanded, setExpanded] = useState(false)
  const [filtered] = useState(() => createFilteredWindowOf<ConsoleEntry>())
  // Read per render (the same array until a new secret appears): the environment may change while the panel is open.
  const secrets = store.secrets()
  const { ring } = store
  const filter = { kinds, text }
  const rows = isFiltering(filter)
    ? filtered.update(ring, filterKey(filter, secrets), consolePredicate(filter, secrets))
    : fullWindow(ring.first, ring.end)
  const expanded = isExpanded && selected !== null ? ring.at(selected) : undefined

  const exportShown = () => {
    const entries: ConsoleEntry[] = []
    for (let position = 0; position < rows.count; position++) {
      const entry = ring.at(rows.indexAt(position))
      if (entry) entries.push(entry)
    }
    downloadText(toConsoleNdjson(entries, store.secrets()), consoleExportFilename())
  }

  return (
    <div
      className="console-panel"
      onKeyDown={(event) => {
        // Escape from anywhere in the panel (the search box, a button) closes it; the list handles its own first.
        if (event.key !== 'Escape') return
        event.preventDefault()
        onClose()
      }}
    >
      <div className="console-toolbar" role="toolbar" aria-label="Console filters">
        <div className="console-kinds" role="group" aria-label="Kinds shown">
          {CONSOLE_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className={`console-kind-toggle is-${kind}`}
              aria-pressed={kinds.includes(kind)}
              onClick={() => store.getState().toggleKind(kind)}
            >
              {kind}
            </button>
          ))}
        </div>
        <input
          type="search"
          className="input console-search"
          placeholder="Filter text"
          aria-label="Filter console text"
          value={text}
          onChange={(event) => store.getState().setText(event.target.value)}
        />
        <span className="console-count" role="status">
          {rows.count.toLocaleString('en-US')} of {ring.size.toLocaleString('en-US')} shown
          {ring.evicted > 0 && (
            <span className="console-dropped" title="Oldest entries dropped to keep the console within its bounds">
              {' '}
              · {ring.evicted.toLocaleString('en-US')} dropped
            </span>
          )}
        </span>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={exportShown}
          disabled={rows.count === 0}
          aria-label="Export NDJSON"
          title="Export the entries shown as NDJSON (secrets as ***)"
        >
          <Icon name="upload" size={14} /> <span className="console-btn-label">Export NDJSON</span>
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setSelected(null)
            setExpanded(false)
            store.getState().clear()
          }}
          aria-label="Clear the console"
        >
          <Icon name="trash" size={14} /> <span className="console-btn-label">Clear</span>
        </button>
        <button type="button" className="btn btn-ghost console-close" onClick={onClose} aria-label="Close the console">
          <Icon name="close" size={14} />
        </button>
      </div>
      <div className={`console-body${expanded ? ' has-detail' : ''}`}>
        <ConsoleList
          store={store}
          rows={rows}
          version={version}
          secrets={secrets}
          selected={selected}
          isExpanded={isExpanded}
          onSelect={setSelected}
          onToggleExpanded={(value) => setExpanded((current) => value ?? !current)}
          onEscape={() => (isExpanded ? setExpanded(false) : onClose())}
        />
        {expanded && <ConsoleDetail entry={expanded} secrets={secrets} />}
      </div>
    </div>
  )
}
