/** The left column: Services (search + virtualized list), Collections (saved requests and history), Schema Files and Plugins tabs. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Tabs } from '../../components/Tabs.js'
import { useCatalog } from '../../state/useCatalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { SavedTab } from '../collections/SavedTab.js'
import { PluginsTab } from '../plugins/PluginsTab.js'
import { SchemaFilesTab } from '../schema-files/SchemaFilesTab.js'
import { SearchBox } from './SearchBox.js'
import { ServiceList } from './ServiceList.js'
import { useSidebarShortcuts } from './useSidebarShortcuts.js'

export function Sidebar(): ReactElement {
  const { selection, uploads } = useWorkbench()
  const tab = useStore(selection, (s) => s.sidebarTab)
  const uploadCount = useStore(uploads, (s) => s.uploads.length)
  const catalog = useCatalog()
  useSidebarShortcuts(selection)
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <Tabs
        idPrefix="sidebar"
        label="Sidebar"
        selected={tab}
        onSelect={(id) => selection.getState().setSidebarTab(id)}
        items={[
          { id: 'services', label: 'Services', count: catalog.operationCount },
          { id: 'saved', label: 'Collections', title: 'Saved requests and history of the workspace' },
          { id: 'files', label: 'Schema Files', count: uploadCount },
          { id: 'plugins', label: 'Plugins' },
        ]}
      />
      <div className="sidebar-panel" id="sidebar-panel" role="tabpanel" aria-labelledby={`sidebar-tab-${tab}`}>
        {tab === 'services' && (
          <>
            <SearchBox />
            <ServiceList />
          </>
        )}
        {tab === 'saved' && <SavedTab />}
        {tab === 'files' && <SchemaFilesTab />}
        {tab === 'plugins' && <PluginsTab />}
      </div>
    </aside>
  )
}
