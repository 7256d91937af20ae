/** What the main area shows before a method is chosen: counts, shortcuts, and the next step. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Spinner } from '../../components/Spinner.js'
import { useCatalog } from '../../state/useCatalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export function Welcome(): ReactElement {
  const { discovery, urls } = useWorkbench()
  const isLocked = useStore(urls, (s) => s.lockedUrls !== null)
  const catalog = useCatalog()
  const isLoading = useStore(discovery, (s) => Object.values(s.byUrl).some((d) => d.isLoading))
  return (
    <div className="welcome empty-state">
      {isLoading && catalog.operationCount === 0 ? (
        <>
          <Spinner label="Discovering services" size={20} />
          <h2>Discovering services…</h2>
        </>
      ) : (
        <>
          <h2>
            {catalog.operationCount
              ? 'Pick an operation'
              : isLocked
                ? 'Nothing discovered yet'
                : 'Start by adding a URL'}
          </h2>
          <p>
            {catalog.operationCount
              ? `${catalog.operationCount.toLocaleString()} operations in ${catalog.groups.length} ${catalog.groups.length === 1 ? 'origin' : 'origins'}. Choose one in the sidebar.`
              : isLocked
                ? 'No services came from the URLs given on the command line; hover a red dot above for the reason. You can still upload a schema file in the Schema Files tab.'
                : 'Add an OpenAPI document or server URL in the bar above, or upload a schema file in the Schema Files tab.'}
          </p>
        </>
      )}
      <dl className="shortcuts">
        <dt>
          <kbd>Ctrl</kbd> <kbd>K</kbd>
        </dt>
        <dd>Search operations</dd>
        <dt>
          <kbd>Ctrl</kbd> <kbd>Enter</kbd>
        </dt>
        <dd>Send the request</dd>
        <dt>
          <kbd>Esc</kbd>
        </dt>
        <dd>Clear the search</dd>
      </dl>
    </div>
  )
}
