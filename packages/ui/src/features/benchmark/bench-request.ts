/**
 * The call a benchmark puts under load: the pane's request as Send prepares it (environment variables, auth, host
 * binding, typed values), except that per-call system variables (`${uuid}`, `${random}`, `${now}`…) are left for the
 * server, which substitutes them afresh for every call of the run.
 */
import { substituteDeep } from '@wirebench/core'
import type { BenchStartRequest } from '@wirebench/core'
import type { PendingSend } from '../../state/send-builders.js'
import { prepareInvokeRequest } from '../../state/outgoing-api.js'
import type { AuthSession } from '../../state/auth-session.js'

const systemReference = /\$\{\s*(now|nowMs|timestamp|uuid|random|now[+-]\d+)\s*\}/g
const holdsSystemReference = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(systemReference.source).test(value)

/**
 * Fixed stand-ins for checking a field that holds a per-call variable: `${random}` in an int32 field is checked as 1
 * (the server draws a fresh value for each call; an unsigned 32-bit one may exceed an int32).
 */
const sampleSources = { clock: () => Date.now(), random: () => 1, uuid: () => '00000000-0000-4000-8000-000000000000' }

/** `${uuid}` → `$${uuid}`: the page's substitution turns the escape back into `${uuid}` and leaves it to the server. */
export function deferSystemVariables<T>(value: T): T {
  if (typeof value === 'string') return value.replace(systemReference, (match) => `$${match}`) as T
  if (Array.isArray(value)) return value.map((item: unknown) => deferSystemVariables(item)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, deferSystemVariables(item)]),
    ) as T
  }
  return value
}

/** `converted` with the per-call templates of `sent` put back where they were (same shape: conversion keeps keys). */
function restoreTemplates(converted: unknown, sent: unknown): unknown {
  if (holdsSystemReference(sent)) return sent
  if (Array.isArray(converted) && Array.isArray(sent)) {
    return converted.map((item: unknown, index) => restoreTemplates(item, sent[index]))
  }
  if (isRecord(converted) && isRecord(sent)) {
    return Object.fromEntries(Object.entries(converted).map(([key, item]) => [key, restoreTemplates(item, sent[key])]))
  }
  return converted
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Send's typed conversion for a benchmark: a field holding a per-call variable is checked with a sample value (so a
 * `${random}` in a number field passes where any number would), and its template goes to the server as it is.
 */
export function finalizeKeepingPerCallVariables(
  finalize: (sent: unknown[]) => unknown[],
): (sent: unknown[]) => unknown[] {
  return (sent) => {
    const sampled = substituteDeep(sent, { system: sampleSources }).value
    return restoreTemplates(finalize(sampled), sent) as unknown[]
  }
}

export async function prepareBenchCall(
  auth: Pick<AuthSession, 'prepareOutgoingCall' | 'prepareDiscovery' | 'discoveryUrl'>,
  pending: PendingSend,
  draftKey: string,
  signal?: AbortSignal,
): Promise<BenchStartRequest['call']> {
  const { history: _history, includeSent: _sent, ...request } = pending.request
  const deferred = { ...request, messages: deferSystemVariables(request.messages) }
  if (request.metadata) deferred.metadata = deferSystemVariables(request.metadata)
  const prepared = await prepareInvokeRequest(auth, deferred, signal, {
    finalizeMessages: finalizeKeepingPerCallVariables(pending.finalizeMessages),
    draftKey,
  })
  const { history: _h, includeSent: _i, ...call } = prepared
  return call
}
