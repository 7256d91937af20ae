/**
 * The introspection request, by GET (the safe probe of an unpinned discovery: a GraphQL server answers it, and a REST
 * collection at the same URL only reads) or by POST (pinned URLs, and endpoints whose GET answer shows GraphQL).
 */
import { getIntrospectionQuery, stripIgnoredCharacters } from 'graphql'
import { WorkbenchError, appendQueryParams, mergeHeaders } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { isEventStreamType } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { noServices } from './errors.js'
import { graphqlAccept, postGraphql } from './http.js'
import type { GraphqlHttpResponse } from './http.js'
import { maxIntrospectionBytes, readProbeBody } from './probe-body.js'

export type IntrospectionMethod = 'GET' | 'POST'

// Without its indentation the query fits a GET's URL in about 1.1 KB (servers commonly take 8 KB of request line).
// Built on first use: nothing runs at import (start-up loads every plugin).
let introspectionQuery: string | undefined
const query = (): string =>
  (introspectionQuery ??= stripIgnoredCharacters(
    getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
  ))
const operationName = 'IntrospectionQuery'

/**
 * Apollo Server's CSRF prevention answers a GET only when it carries a header a browser cannot send cross-site
 * without a preflight; `apollo-require-preflight` is the one it documents for clients that are not browsers.
 */
const getHeaders = { accept: graphqlAccept, 'apollo-require-preflight': 'true' }

export async function requestIntrospection(
  url: string,
  method: IntrospectionMethod,
  ctx: CallContext,
  dispatchers: DispatcherFactory,
): Promise<GraphqlHttpResponse> {
  const keys = ctx.markers.apiKeyQuery ?? []
  const request =
    method === 'GET'
      ? {
          method,
          url: appendQueryParams(url, [
            { name: 'query', value: query() },
            { name: 'operationName', value: operationName },
            ...keys,
          ]),
          headers: mergeHeaders(ctx.metadata, getHeaders),
        }
      : {
          method,
          url: appendQueryParams(url, keys),
          headers: mergeHeaders(ctx.metadata, { 'content-type': 'application/json', accept: graphqlAccept }),
          body: JSON.stringify({ query: query(), operationName }),
        }
  return postGraphql(
    {
      ...request,
      displayUrl: url,
      inspect(status, headers) {
        const type = headers['content-type'] ?? ''
        if (isEventStreamType(type)) throw noServices(url, 'it answers with an event stream')
        if (/html/i.test(type)) throw noServices(url, `it answers HTTP ${status} with an HTML page`)
      },
      // A document or a collection at the URL is dropped after its first bytes, not read and parsed whole.
      readBody: (body) => readProbeBody(body, Math.min(ctx.limits.maxResponseBytes, maxIntrospectionBytes)),
    },
    ctx,
    dispatchers,
  ).catch((error: unknown) => {
    // Something listens but does not speak HTTP/1.1 (a gRPC server): not ours, other plugins may take it.
    if (WorkbenchError.is(error, 'upstream_invalid')) throw noServices(url, error.message.replace(/\.$/, ''))
    throw error
  })
}
