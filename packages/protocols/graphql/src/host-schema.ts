/**
 * Embedded mode: a GraphQL endpoint of the host the workbench runs in, described from the schema object the host
 * holds in process (mercurius' `app.graphql.schema`, the schema a graphql-yoga server was built from), so discovery
 * sends no introspection request; the browser's editors get the introspection result computed from the same object.
 */
import { introspectionFromSchema, isSchema } from 'graphql'
import type { GraphQLSchema } from 'graphql'
import { noServices } from './errors.js'
import { schemaServices } from './services.js'
import type { CachedTarget, GraphqlHost } from './types.js'

/** The schema at `url` when the host holds one this copy of graphql can read (a second copy of the library cannot). */
export function hostedSchema(host: GraphqlHost | undefined, url: string): GraphQLSchema | undefined {
  const schema = host?.schemaAt(url)
  return isSchema(schema) ? schema : undefined
}

export function targetFromSchema(url: string, schema: GraphQLSchema, maxInputDepth: number): CachedTarget {
  const { services, operations } = schemaServices(schema, url, maxInputDepth)
  if (services.length === 0) throw noServices(url, 'its schema has no root fields')
  for (const service of services) service.source = 'embedded'
  let introspection: string | undefined
  return {
    url,
    schema,
    services,
    operations,
    // Never compared: a hosted target is rebuilt only when the host hands over another schema object.
    digest: '',
    introspection: () => (introspection ??= JSON.stringify(introspectionFromSchema(schema))),
  }
}
