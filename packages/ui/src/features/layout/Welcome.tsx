/** What the main area shows before a method is chosen: what Wirebench does, the next step, failures, and shortcuts. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { Spinner } from '../../components/Spinner.js'
import { McpServersPanel } from '../../protocols/mcp/McpServersPanel.js'
import { urlStatus } from '../../state/discovery-store.js'
import { useCatalog } from '../../state/useCatalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'

const plural = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`

export function Welcome(): ReactElement {
  const { discovery, urls, selection } = useWorkbench()
  const isLocked = useStore(urls, (s) => s.lockedUrls !== null)
  const catalog = useCatalog()
  const isLoading = useStore(discovery, (s) => Object.values(s.byUrl).some((d) => d.isLoading))
  const failedCount = useStore(
    discovery,
    (s) => Object.values(s.byUrl).filter((d) => urlStatus(d).kind === 'error').length,
  )
  const hasOperations = catalog.operationCount > 0
  return (
    <div className="welcome empty-state">
      {isLoading && !hasOperations ? (
        <>
          <Spinner label="Discovering services" size={20} />
          <h2>Discovering services…</h2>
        </>
      ) : (
        <>
          <h2>{hasOperations ? 'Pick an operation' : isLocked ? 'Nothing discovered yet' : 'Start by adding a URL'}</h2>
          <p>
            {hasOperations
              ? `${plural(catalog.operationCount, 'operation')} in ${plural(catalog.groups.length, 'origin')}. Choose one to get a form for its parameters and body, then send it.`
              : isLocked
                ? 'No services came from the URLs given on the command line. You can still upload a schema file in the Schema Files tab.'
                : 'Paste the address of an OpenAPI document (or of the server) in the bar above, or drop a schema file on the Schema Files tab. Each operation then gets a form you can fill and send.'}
          </p>
          {hasOperations && (
            <button
              type="button"
              className="btn btn-primary welcome-browse"
              onClick={() => selection.getState().requestSearchFocus()}
            >
              <Icon name="search" size={14} /> Find an operation
            </button>
          )}
        </>
      )}
      {failedCount > 0 && (
        <p className="welcome-failures" role="status">
          <Icon name="alert" size={14} /> {plural(failedCount, 'URL')} could not be discovered. Hover the red{' '}
          {failedCount === 1 ? 'chip' : 'chips'} above for the reason and what to try.
        </p>
      )}
      <McpServersPanel />
      <dl className="shortcuts">
        <dt>
          <kbd>Ctrl</kbd> <kbd>K</kbd>
        </dt>
        <dd>Search operations (name, path, summary, host)</dd>
        <dt>
          <kbd>↓</kbd> <kbd>Enter</kbd>
        </dt>
        <dd>Move into the results, open one (Enter in the search opens the first)</dd>
        <dt>
          <kbd>Ctrl</kbd> <kbd>Enter</kbd>
        </dt>
        <dd>Send the request</dd>
        <dt>
          <kbd>Ctrl</kbd> <kbd>Shift</kbd> <kbd>E</kbd>
        </dt>
        <dd>Export the request as code (curl, Python, JavaScript, grpcurl…)</dd>
        <dt>
          <kbd>Ctrl</kbd> <kbd>`</kbd>
        </dt>
        <dd>Show or hide the console (every call of the page, in order)</dd>
        <dt>
          <kbd>Esc</kbd>
        </dt>
        <dd>Clear the search, close the sidebar</dd>
      </dl>
    </div>
  )
}
