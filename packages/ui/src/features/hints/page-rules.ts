/**
 * The hint rules that are not about one settled call: variables a call is about to send as written, gRPC servers
 * discovered without reflection, and event streams that stay silent. Pure functions, like the call rules.
 */
import type { DiscoveryAttempt } from '@wirebench/core'
import type { LiveCallState } from '../../state/live-store.js'
import type { Hint } from './hint.js'

/** An open event stream that has received no event for this long gets a hint. */
export const silentStreamMs = 10_000

const grpcPlugins = new Set(['grpc', 'grpcweb', 'connect'])

/** The `${name}`s a call leaves unresolved (as `unresolvedVariables` finds them): one hint naming the first. */
export function unknownVariablesHint(key: string, names: readonly string[]): Hint | undefined {
  const [first] = names
  if (first === undefined) return undefined
  const list = names.map((name) => `\${${name}}`).join(', ')
  return {
    id: `unknown-variables:${key}`,
    kind: 'unknown-variables',
    targetKey: key,
    title: names.length === 1 ? `Unknown variable ${list}` : `${names.length} unknown variables`,
    detail: `${list} ${names.length === 1 ? 'is' : 'are'} defined nowhere and went out exactly as written.`,
    actionLabel: `Define \${${first}}`,
    action: { kind: 'define-variable', name: first, others: names.slice(1) },
  }
}

/**
 * A gRPC attempt that reached a gRPC server which does not offer reflection (the plugin's message says so and its
 * hint points at .proto files): without them nothing there can be called.
 */
export function isReflectionMissing(attempt: DiscoveryAttempt): boolean {
  return (
    grpcPlugins.has(attempt.pluginId) &&
    attempt.outcome !== 'ok' &&
    /does not offer reflection/i.test(attempt.message ?? '') &&
    /\.proto/.test(attempt.hint ?? '')
  )
}

/**
 * One page-wide hint per URL whose gRPC server offers no reflection. A URL another plugin found services at is not
 * a gRPC server at all: Connect and gRPC-Web read an HTTP/1.1 server's 404 for the reflection path as
 * `Unimplemented`, so an MCP or REST endpoint would otherwise be told to upload .proto files.
 */
export function reflectionHints(attempts: readonly DiscoveryAttempt[]): Hint[] {
  const served = new Set(attempts.filter((attempt) => attempt.outcome === 'ok').map((attempt) => attempt.url))
  const urls = new Set(
    attempts.filter((attempt) => isReflectionMissing(attempt) && !served.has(attempt.url)).map((a) => a.url),
  )
  return [...urls].map((url) => ({
    id: `grpc-no-reflection:${url}`,
    kind: 'grpc-no-reflection',
    title: 'gRPC without reflection',
    detail: `${url} speaks gRPC but does not list its services. Upload its .proto files to call it.`,
    actionLabel: 'Upload .proto files',
    action: { kind: 'open-schema-files' },
  }))
}

/** An SSE stream still open after `waitMs` (by default `silentStreamMs`) without a single event. */
export function silentStreamHint(
  call: Pick<LiveCallState, 'targetKey' | 'status' | 'received' | 'startedAt'>,
  now: number,
  waitMs: number = silentStreamMs,
): Hint | undefined {
  const isOpen = call.status !== 'closed' && call.status !== 'error'
  if (!isOpen || call.received > 0 || now - call.startedAt < waitMs) return undefined
  return {
    id: `silent-event-stream:${call.targetKey}`,
    kind: 'silent-event-stream',
    targetKey: call.targetKey,
    title: `No event in ${Math.round((now - call.startedAt) / 1000)} s`,
    detail:
      'The stream is open but the server has sent nothing. The console shows what opened it; some feeds wait for an action elsewhere.',
    actionLabel: 'Open console',
    action: { kind: 'open-console' },
  }
}
