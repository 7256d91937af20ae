/** The GraphQL panes load on first use, with graphql-js and the editor's GraphQL support, keeping them out of the first view's JavaScript. */
import { lazy, Suspense, type ReactElement } from 'react'
import { Spinner } from '../../components/Spinner.js'
import type { PaneProps } from '../protocol-ui.js'

const RequestPane = lazy(() => import('./GraphqlRequestPane.js'))
const ResponsePane = lazy(() => import('./GraphqlResponsePane.js'))

function Loading({ label }: { label: string }): ReactElement {
  return (
    <section className="request-pane" aria-label={label}>
      <div className="empty-state">
        <Spinner label={`Loading the GraphQL ${label.toLowerCase()} pane`} />
      </div>
    </section>
  )
}

export function LazyGraphqlRequestPane(props: PaneProps): ReactElement {
  return (
    <Suspense fallback={<Loading label="Request" />}>
      <RequestPane {...props} />
    </Suspense>
  )
}

export function LazyGraphqlResponsePane(props: PaneProps): ReactElement {
  return (
    <Suspense fallback={<Loading label="Response" />}>
      <ResponsePane {...props} />
    </Suspense>
  )
}
