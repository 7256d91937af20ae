/**
 * The schema of a GraphQL method's endpoint, fetched on first use and shared by every pane of that endpoint. Each
 * view asks again, so a schema whose fetch failed is retried once the store's backoff allows.
 */
import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { GraphqlSchemaEntry } from '../../state/graphql-schema-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { graphqlSchemasOf } from './graphql-runtime.js'

export function useGraphqlSchema(origin: string): GraphqlSchemaEntry | undefined {
  const store = graphqlSchemasOf(useWorkbench())
  const entry = useStore(store, (s) => s.byOrigin[origin])
  const isMissing = !entry
  useEffect(() => {
    // On mount and whenever the entry disappears: `load` itself skips cached schemas and recent failures.
    store.getState().load(origin)
  }, [store, origin, isMissing])
  return entry
}
