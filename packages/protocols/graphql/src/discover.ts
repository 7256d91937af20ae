/**
 * Discovery by the standard introspection query, POSTed with the call's headers, API key and client certificate.
 * Anything that does not answer like GraphQL (HTML, an event stream, JSON without `data.__schema`) is not ours and
 * says so fast; an endpoint that refuses introspection gets a clear error with a hint.
 */
import { createHash } from 'node:crypto'
import { buildClientSchema, getIntrospectionQuery } from 'graphql'
import type { IntrospectionQuery } from 'graphql'
import { WorkbenchError, appendQueryParams, checkOutboundUrl, mergeHeaders } from '@wirebench/core'
import type { CallContext, OutboundPolicy } from '@wirebench/core'
import { isEventStreamType } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { graphqlErrors, introspectionRefused, noServices, shortMessage, sigv4Unsupported } from './errors.js'
import type { GraphqlErrorLike } from './errors.js'
import { graphqlAccept, parseJson, postGraphql } from './http.js'
import { schemaServices } from './services.js'
import type { CachedTarget } from './types.js'

export interface GraphqlDeps {
  outbound: OutboundPolicy | undefined
  maxInputDepth: number
  dispatchers: DispatcherFactory
}

const introspectionQuery = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true })

/** The parsed http(s) address, or `no_services` for anything else (ws://, grpc://, bare host:port). */
export function httpEndpoint(url: string, deps: Pick<GraphqlDeps, 'outbound'>): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new WorkbenchError('no_services', 'A GraphQL endpoint is an http(s) URL.')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new WorkbenchError('no_services', `A GraphQL endpoint is an http(s) URL, not ${parsed.protocol}.`)
  }
  return checkOutboundUrl(url, deps.outbound)
}

/**
 * Introspects `url`. `previous` is what an earlier discovery of the same URL found: when the server answers the very
 * same bytes, it is returned as is (building services for a schema like GitHub's costs more than fetching it).
 */
export async function discoverEndpoint(
  url: string,
  ctx: CallContext,
  deps: GraphqlDeps,
  previous?: CachedTarget,
): Promise<CachedTarget> {
  httpEndpoint(url, deps)
  if (ctx.markers.sigv4) throw sigv4Unsupported()
  const response = await postGraphql(
    {
      url: appendQueryParams(url, ctx.markers.apiKeyQuery ?? []),
      displayUrl: url,
      headers: mergeHeaders(ctx.metadata, { 'content-type': 'application/json', accept: graphqlAccept }),
      body: JSON.stringify({ query: introspectionQuery, operationName: 'IntrospectionQuery' }),
      inspect(status, headers) {
        const type = headers['content-type'] ?? ''
        if (isEventStreamType(type)) throw noServices(url, 'it answers with an event stream')
        if (/html/i.test(type)) throw noServices(url, `it answers HTTP ${status} with an HTML page`)
      },
    },
    ctx,
    deps.dispatchers,
  ).catch((error: unknown) => {
    // Something listens but does not speak HTTP/1.1 (a gRPC server): not ours, other plugins may take it.
    if (WorkbenchError.is(error, 'upstream_invalid')) throw noServices(url, error.message.replace(/\.$/, ''))
    throw error
  })
  if (response.truncated) {
    throw new WorkbenchError(
      'payload_too_large',
      `The introspection answer of ${url} is larger than ${response.sizeBytes} bytes.`,
    )
  }
  const digest = createHash('sha256').update(response.body).digest('hex')
  if (previous && previous.url === url && previous.digest === digest) return previous
  const body = parseJson(response.body)
  const schemaJson = introspectionOf(body)
  if (!schemaJson) throw notGraphql(url, response.status, body)
  let schema
  try {
    schema = buildClientSchema(schemaJson)
  } catch (cause) {
    throw new WorkbenchError(
      'upstream_invalid',
      `The introspection answer of ${url} is not a valid schema: ${(cause as Error).message}`,
      {
        cause,
      },
    )
  }
  const { services, operations } = schemaServices(schema, url, deps.maxInputDepth)
  if (services.length === 0) throw noServices(url, 'its schema has no root fields')
  // Serialized once, on first request: the browser builds its schema from this; printing SDL here would block the loop.
  let introspection: string | undefined
  return {
    url,
    schema,
    services,
    operations,
    digest,
    introspection: () => (introspection ??= JSON.stringify(schemaJson)),
  }
}

function introspectionOf(body: unknown): IntrospectionQuery | undefined {
  const data = (body as { data?: { __schema?: unknown } } | undefined)?.data
  if (typeof data !== 'object' || data === null || typeof data.__schema !== 'object' || data.__schema === null) {
    return undefined
  }
  return data as IntrospectionQuery
}

/** Why the answer is not a schema: a GraphQL server refusing (an error), or something else (not ours). */
function notGraphql(url: string, status: number, body: unknown): WorkbenchError {
  const errors = graphqlErrors(body)
  if (errors && looksLikeGraphql(errors)) {
    const first = errors[0]?.message ?? ''
    if (/introspection|__schema|__type/i.test(first)) return introspectionRefused(url, first)
    const hint =
      status === 401 || status === 403
        ? 'The endpoint wants credentials: choose an environment with its auth and discover again.'
        : undefined
    return new WorkbenchError(
      'upstream_error',
      `${url} answered the introspection query with an error: ${shortMessage(first)}`,
      hint ? { hint } : {},
    )
  }
  if (body === undefined) return noServices(url, `it answers HTTP ${status} without JSON`)
  return noServices(
    url,
    `its HTTP ${status} answer holds no schema`,
    status === 401 || status === 403
      ? 'If it is a GraphQL endpoint, it wants credentials: choose an environment with its auth and discover again.'
      : undefined,
  )
}

/** GraphQL errors carry locations, paths or extension codes, or talk about the query; a REST error list rarely does. */
function looksLikeGraphql(errors: readonly GraphqlErrorLike[]): boolean {
  return errors.some(
    (e) =>
      typeof e.extensions?.code === 'string' ||
      Array.isArray((e as { locations?: unknown }).locations) ||
      /graphql|introspection|__schema|__type|query|field/i.test(e.message),
  )
}
