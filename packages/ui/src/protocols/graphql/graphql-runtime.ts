/** The page's GraphQL schema store, created on first use for a Workbench (only pages that open a GraphQL method pay for it). */
import { createGraphqlSchemaStore, type GraphqlSchemaStore } from '../../state/graphql-schema-store.js'
import type { Workbench } from '../../state/workbench.js'

const stores = new WeakMap<Workbench, GraphqlSchemaStore>()

export function graphqlSchemasOf(workbench: Workbench): GraphqlSchemaStore {
  let store = stores.get(workbench)
  if (!store) {
    store = createGraphqlSchemaStore({ api: workbench.api, discovery: workbench.discovery })
    stores.set(workbench, store)
  }
  return store
}
