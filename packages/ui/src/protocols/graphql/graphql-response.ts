/** Reads a GraphQL response body for display: data, errors (message, path, locations, extensions), partial data, tones. */
import { httpStatusClass } from '@wirebench/core'
import type { StatusName } from '@wirebench/core'
import type { StatusTone } from '../../features/response/StatusBadge.js'

export interface GraphqlErrorView {
  message: string
  path?: Array<string | number>
  locations?: Array<{ line: number; column: number }>
  extensions?: Record<string, unknown>
}

export interface GraphqlResponseView {
  hasData: boolean
  data: unknown
  errors: GraphqlErrorView[]
  extensions?: unknown
  /** Errors next to data that is not null: some fields resolved, others failed. */
  isPartial: boolean
  /** The body is not a GraphQL response (a proxy's HTML page, a plain-text error). */
  isForeign: boolean
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function errorView(value: unknown): GraphqlErrorView {
  if (!isObject(value)) return { message: typeof value === 'string' ? value : JSON.stringify(value) }
  const view: GraphqlErrorView = { message: typeof value.message === 'string' ? value.message : '(no message)' }
  if (Array.isArray(value.path)) {
    view.path = value.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
  }
  if (Array.isArray(value.locations)) {
    view.locations = value.locations.filter(
      (l): l is { line: number; column: number } =>
        isObject(l) && typeof l.line === 'number' && typeof l.column === 'number',
    )
  }
  if (isObject(value.extensions)) view.extensions = value.extensions
  return view
}

export function readGraphqlResponse(body: unknown): GraphqlResponseView {
  if (!isObject(body) || !('data' in body || 'errors' in body)) {
    return { hasData: false, data: undefined, errors: [], isPartial: false, isForeign: body !== undefined }
  }
  const errors = Array.isArray(body.errors) ? body.errors.map(errorView) : []
  const hasData = body.data !== undefined && body.data !== null
  return {
    hasData,
    data: body.data,
    errors,
    ...(body.extensions !== undefined ? { extensions: body.extensions } : {}),
    isPartial: hasData && errors.length > 0,
    isForeign: false,
  }
}

/** The value at an error's path in the data (the deepest part that exists, and how far the path got). */
export function valueAtPath(data: unknown, path: ReadonlyArray<string | number>): { value: unknown; depth: number } {
  let value = data
  let depth = 0
  for (const step of path) {
    if (Array.isArray(value) && typeof step === 'number' && step < value.length) value = value[step]
    else if (isObject(value) && typeof step === 'string' && step in value) value = value[step]
    else break
    depth++
  }
  return { value, depth }
}

export function formatPath(path: ReadonlyArray<string | number>): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('')
}

const callerStatuses: ReadonlySet<StatusName> = new Set<StatusName>([
  'Cancelled',
  'InvalidArgument',
  'NotFound',
  'PermissionDenied',
  'FailedPrecondition',
  'Unauthenticated',
])

/** Green for OK, yellow when the request was at fault, red when the server failed. */
export function graphqlStatusTone(status: StatusName, httpStatus?: string): StatusTone {
  if (status === 'OK') return 'success'
  const http = Number(httpStatus)
  if (http >= 500) return 'server-error'
  if (http >= 400 || callerStatuses.has(status)) return 'client-error'
  return 'server-error'
}

export interface GraphqlOutcome {
  label: string
  tone: StatusTone
  title: string
}

/**
 * A query's or mutation's outcome in GraphQL's own terms: its errors when it has any, else the HTTP status it came
 * with (a GraphQL response carries no status of its own; the gRPC-style status name is for the wire model only).
 */
export function graphqlOutcome(view: GraphqlResponseView, status: StatusName, httpStatus?: string): GraphqlOutcome {
  const http = Number(httpStatus)
  const hasHttp = httpStatus !== undefined && Number.isFinite(http) && http > 0
  if (view.errors.length > 0) {
    const count = view.errors.length
    return {
      label: `${count} error${count === 1 ? '' : 's'}`,
      tone: graphqlStatusTone(status, httpStatus),
      title: `${view.isPartial ? 'Partial data and ' : ''}GraphQL errors: ${view.errors[0]?.message ?? ''}`,
    }
  }
  if (view.isForeign) {
    return {
      label: hasHttp ? `HTTP ${http}` : 'Not GraphQL',
      tone: hasHttp && http >= 400 ? httpStatusClass(http) : 'client-error',
      title: 'The body is not a GraphQL response: see it under Body.',
    }
  }
  return {
    label: hasHttp ? `HTTP ${http}` : 'Data',
    tone: hasHttp ? httpStatusClass(http) : 'success',
    title: 'A GraphQL response without errors',
  }
}
