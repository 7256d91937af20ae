/** The sidebar's Collections tab: the workspace's saved requests or its history, one switch apart. */
import { useState, type ReactElement } from 'react'
import { HistoryPanel } from '../history/HistoryPanel.js'
import { CollectionsPanel } from './CollectionsPanel.js'

type SavedView = 'requests' | 'history'

export function SavedTab(): ReactElement {
  const [view, setView] = useState<SavedView>('requests')
  return (
    <>
      <div className="saved-switch" role="radiogroup" aria-label="Show">
        {(['requests', 'history'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={view === id}
            className="saved-switch-btn"
            onClick={() => setView(id)}
          >
            {id === 'requests' ? 'Requests' : 'History'}
          </button>
        ))}
      </div>
      {view === 'requests' ? <CollectionsPanel /> : <HistoryPanel />}
    </>
  )
}
