/** The schema of a GraphQL method's endpoint, fetched on first use and shared by every pane of that endpoint. */
import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { GraphqlSchemaEntry } from '../../state/graphql-schema-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { graphqlSchemasOf } from './graphql-runtime.js'

export function useGraphqlSchema(origin: string): GraphqlSchemaEntry | undefined {
  const store = graphqlSchemasOf(useWorkbench())
  const entry = useStore(store, (s) => s.byOrigin[origin])
  useEffect(() => {
    if (!entry) store.getState().load(origin)
  }, [store, origin, entry])
  return entry
}
