/**
 * Discovery by the standard introspection query, sent with the call's headers, API key and client certificate: by GET
 * first unless the URL is pinned (a probe must never change a server), by POST when pinned or when the GET answer
 * shows a GraphQL endpoint. Anything that does not answer like GraphQL (HTML, an event stream, JSON without `data.__schema`) is not ours and
 * says so fast; an endpoint that refuses introspection gets a clear error with a hint.
 */
import { createHash } from 'node:crypto'
import { buildClientSchema } from 'graphql'
import type { IntrospectionQuery } from 'graphql'
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import type { CallContext, OutboundPolicy } from '@wirebench/core'
import type { DispatcherFactory } from '@wirebench/transport'
import { graphqlErrors, introspectionRefused, noServices, shortMessage, sigv4Unsupported } from './errors.js'
import type { GraphqlErrorLike } from './errors.js'
import { showsGraphqlServer } from './graphql-signals.js'
import { parseJson } from './http.js'
import { requestIntrospection } from './introspection.js'
import type { IntrospectionMethod } from './introspection.js'
import { schemaServices } from './services.js'
import type { CachedTarget } from './types.js'

export interface GraphqlDeps {
  outbound: OutboundPolicy | undefined
  /** Embedded mode: an address of the host itself, reachable whatever `outbound` says. */
  isHostUrl?: (url: string) => boolean
  /** Embedded mode: the dispatchers for the host's own addresses (every connection goes to the host's listener). */
  hostDispatchers?: DispatcherFactory
  maxInputDepth: number
  dispatchers: DispatcherFactory
}

/** The parsed http(s) address, or `no_services` for anything else (ws://, grpc://, bare host:port). */
export function httpEndpoint(url: string, deps: Pick<GraphqlDeps, 'outbound' | 'isHostUrl'>): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new WorkbenchError('no_services', 'A GraphQL endpoint is an http(s) URL.')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new WorkbenchError('no_services', `A GraphQL endpoint is an http(s) URL, not ${parsed.protocol}.`)
  }
  return deps.isHostUrl?.(url) === true ? parsed : checkOutboundUrl(url, deps.outbound)
}

/** The host's own addresses go through dispatchers to the host's listener; every other address is guarded. */
export function dispatchersFor(
  url: string,
  deps: Pick<GraphqlDeps, 'dispatchers' | 'hostDispatchers' | 'isHostUrl'>,
): DispatcherFactory {
  return deps.hostDispatchers && deps.isHostUrl?.(url) === true ? deps.hostDispatchers : deps.dispatchers
}

export interface DiscoverOptions {
  /** The user named this plugin (`graphql@url`, or a call): the introspection may go by POST at once. */
  pinned: boolean
  /** What an earlier discovery of the same URL found. */
  previous?: CachedTarget | undefined
}

/**
 * Introspects `url`. Unpinned, the first request is a GET, and a POST follows only when the GET answer shows a GraphQL
 * endpoint (GraphQL-shaped errors, a GraphQL content type): a POST to a REST collection would create a record. When
 * the server answers the very same bytes as before, the previous target is returned as is (building services for a
 * schema like GitHub's costs more than fetching it).
 */
export async function discoverEndpoint(
  url: string,
  ctx: CallContext,
  deps: GraphqlDeps,
  options: DiscoverOptions,
): Promise<CachedTarget> {
  httpEndpoint(url, deps)
  if (ctx.markers.sigv4) throw sigv4Unsupported()
  const { previous } = options
  let answer = await introspect({ url, method: options.pinned ? 'POST' : 'GET', previous }, ctx, deps)
  if (answer.method === 'GET' && !answer.schemaJson && !answer.repeated) {
    if (!showsGraphql(answer)) throw notGraphql(url, answer)
    answer = await introspect({ url, method: 'POST', previous }, ctx, deps)
  }
  if (previous && answer.repeated) return previous
  const schemaJson = answer.schemaJson
  if (!schemaJson) throw notGraphql(url, answer)
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
    digest: answer.digest,
    introspection: () => (introspection ??= JSON.stringify(schemaJson)),
  }
}

/** One introspection request, its digest, and its parsed body unless it repeats the answer `previous` was built from. */
async function introspect(
  request: { url: string; method: IntrospectionMethod; previous: CachedTarget | undefined },
  ctx: CallContext,
  deps: GraphqlDeps,
): Promise<IntrospectionAnswer> {
  const { url, method, previous } = request
  const response = await requestIntrospection(url, method, ctx, dispatchersFor(url, deps))
  const { isAnswer, truncated } = response
  if (truncated && isAnswer) {
    throw new WorkbenchError(
      'payload_too_large',
      `The introspection answer of ${url} is larger than ${response.sizeBytes} bytes.`,
    )
  }
  const digest = createHash('sha256').update(response.body).digest('hex')
  const base = { method, status: response.status, headers: response.headers, digest, isAnswer, truncated }
  if (previous && previous.url === url && previous.digest === digest) return { ...base, repeated: true }
  // What was cut short is quoted from no further: it is not an answer, and its start alone does not parse.
  const body = truncated ? undefined : parseJson(response.body)
  const text = truncated || body !== undefined ? undefined : response.body.toString('utf8')
  const schemaJson = isAnswer ? introspectionOf(body) : undefined
  return {
    ...base,
    repeated: false,
    ...(body === undefined ? {} : { body }),
    ...(text === undefined ? {} : { text }),
    ...(schemaJson ? { schemaJson } : {}),
  }
}

interface IntrospectionAnswer {
  method: IntrospectionMethod
  status: number
  headers: Record<string, string>
  digest: string
  /** The body opens like a GraphQL answer (else at most its first bytes were read). */
  isAnswer: boolean
  /** Reading stopped before the end of a body that is not an answer. */
  truncated: boolean
  body?: unknown
  /** The body when it is not JSON (a plain-text refusal). */
  text?: string
  schemaJson?: IntrospectionQuery
  /** The answer repeats the one the previous target was built from (its body is then not parsed again). */
  repeated: boolean
}

/**
 * Whether an answer to the GET that holds no schema still comes from a GraphQL endpoint, which may then take the
 * introspection by POST (a server that runs no operation by GET, Apollo's CSRF refusal). Only signals a GraphQL server
 * gives count: a REST API complaining about the probe's `query` and `operationName` parameters gets no POST.
 */
function showsGraphql(answer: IntrospectionAnswer): boolean {
  return showsGraphqlServer({
    contentType: answer.headers['content-type'] ?? '',
    errors: graphqlErrors(answer.body),
    text: answer.text,
  })
}

function introspectionOf(body: unknown): IntrospectionQuery | undefined {
  const data = (body as { data?: { __schema?: unknown } } | undefined)?.data
  if (typeof data !== 'object' || data === null || typeof data.__schema !== 'object' || data.__schema === null) {
    return undefined
  }
  return data as IntrospectionQuery
}

/** Why the answer is not a schema: a GraphQL server refusing (an error), or something else (not ours). */
function notGraphql(url: string, answer: IntrospectionAnswer): WorkbenchError {
  const { status, body } = answer
  const errors = graphqlErrors(body)
  // The GET's answer is judged as strictly as the decision to POST: a REST API's complaint about the probe's
  // parameters is not a GraphQL error.
  const graphqlLike = answer.method === 'GET' ? showsGraphql(answer) : errors !== undefined && looksLikeGraphql(errors)
  if (errors && graphqlLike) {
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
  const request = answer.method === 'GET' ? ' to an introspection GET' : ''
  const hint =
    status === 401 || status === 403
      ? 'If it is a GraphQL endpoint, it wants credentials: choose an environment with its auth and discover again.'
      : answer.method === 'GET'
        ? `If it is a GraphQL endpoint that runs operations only by POST, pin it: graphql@${url} (discovery POSTs only to pinned URLs, so that it never creates anything elsewhere).`
        : undefined
  if (answer.truncated) return noServices(url, `its HTTP ${status} answer${request} is not a GraphQL response`, hint)
  if (body === undefined) return noServices(url, `it answers HTTP ${status}${request} without JSON`, hint)
  return noServices(url, `its HTTP ${status} answer${request} holds no schema`, hint)
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
