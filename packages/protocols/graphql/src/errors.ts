/**
 * GraphQL outcomes as statuses (errors a server returned are data in the result) and the WorkbenchErrors for
 * failures: not a GraphQL endpoint, introspection off, unknown methods, subscriptions through unary invoke.
 */
import { WorkbenchError, httpStatusToStatusName } from '@wirebench/core'
import type { StatusName } from '@wirebench/core'

const codeStatuses: Record<string, StatusName> = {
  UNAUTHENTICATED: 'Unauthenticated',
  FORBIDDEN: 'PermissionDenied',
  BAD_USER_INPUT: 'InvalidArgument',
  GRAPHQL_VALIDATION_FAILED: 'InvalidArgument',
  GRAPHQL_PARSE_FAILED: 'InvalidArgument',
}

export interface GraphqlErrorLike {
  message: string
  extensions?: { code?: unknown }
}

/** The `errors` array of a response when it has the GraphQL shape (objects with a string `message`). */
export function graphqlErrors(body: unknown): GraphqlErrorLike[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const errors = (body as { errors?: unknown }).errors
  if (!Array.isArray(errors) || errors.length === 0) return undefined
  if (
    !errors.every((e) => typeof e === 'object' && e !== null && typeof (e as GraphqlErrorLike).message === 'string')
  ) {
    return undefined
  }
  return errors as GraphqlErrorLike[]
}

/**
 * The status of a GraphQL answer: a known `extensions.code` of the first error that has one, else the HTTP status
 * when it is not 2xx, else Unknown for errors and OK without them.
 */
export function graphqlStatus(errors: readonly GraphqlErrorLike[] | undefined, httpStatus?: number): StatusName {
  for (const error of errors ?? []) {
    const code = error.extensions?.code
    if (typeof code === 'string' && codeStatuses[code]) return codeStatuses[code]
  }
  if (httpStatus !== undefined && (httpStatus < 200 || httpStatus >= 300)) return httpStatusToStatusName(httpStatus)
  return errors && errors.length > 0 ? 'Unknown' : 'OK'
}

export function noServices(url: string, reason: string, hint?: string): WorkbenchError {
  return new WorkbenchError('no_services', `${url} is not a GraphQL endpoint: ${reason}.`, hint ? { hint } : {})
}

/** A server's error message, cut to a length a problem body can carry. */
export function shortMessage(message: string): string {
  return message.length > 300 ? `${message.slice(0, 300)}…` : message
}

export function introspectionRefused(url: string, message: string): WorkbenchError {
  return new WorkbenchError('upstream_error', `${url} refused the introspection query: ${shortMessage(message)}`, {
    hint: 'The server has introspection turned off. Turn it on for this environment, or call it with credentials that allow it.',
  })
}

export function unknownMethod(target: string, service: string, method: string): WorkbenchError {
  return new WorkbenchError('not_found', `${service}.${method} is not a root field of the schema at ${target}.`, {
    hint: 'Discover the endpoint again: the schema may have changed.',
  })
}

export function subscriptionThroughInvoke(method: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `${method} is a subscription and streams its events.`, {
    hint: 'Open it as a live call (a stream): subscriptions do not have a single answer.',
  })
}

export function cookiesUnsupported(what: string): WorkbenchError {
  return new WorkbenchError('unsupported', `Cookie jars are not supported for ${what}.`, {
    hint: 'Turn off persistCookies in the environment for this call, or use the graphql-sse transport.',
  })
}

/** SigV4 signing of GraphQL POSTs and upgrades is not implemented: sending the call unsigned would fail obscurely. */
export function sigv4Unsupported(): WorkbenchError {
  return new WorkbenchError('unsupported', 'GraphQL requests are not signed with AWS SigV4 here.', {
    hint: 'Use an auth helper that sends headers (an API key or a bearer token) for this endpoint.',
  })
}
