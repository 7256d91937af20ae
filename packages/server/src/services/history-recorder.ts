/**
 * Records calls in their workspace's history when they end: `/api/invoke` and live streams and channels that
 * carried a `history` template. The call path pays for a timestamp and a queued closure; redaction (against the
 * environment store's values), the response bound and serialisation run when the history flushes, after the answer.
 */
import { WorkbenchError } from '@wirebench/core'
import type { HistoryEntry, HistoryTemplate, InvokeResult } from '@wirebench/core'
import type { HistoryDraft, WorkspaceService } from '@wirebench/workspace'
import type { EnvironmentStore } from './environment-store.js'
import { environmentSecrets, redactDeep, redactHeaders } from './history-redaction.js'

export interface LiveCallEnd {
  /** `ok`, or the error code the call closed with. */
  outcome: string
  frames: number
  bytes: number
}

export interface HistoryRecorder {
  /** `pending` itself, recorded on the way when a template was given (without one: nothing else happens). */
  unary(template: HistoryTemplate | undefined, pending: Promise<InvokeResult>): Promise<InvokeResult>
  /** Called when a live call opens; the returned function when it closes. */
  live(template: HistoryTemplate, kind: 'stream' | 'channel'): (end: LiveCallEnd) => void
}

export interface HistoryRecorderOptions {
  workspaces: WorkspaceService
  environments: EnvironmentStore
  /** Unary response bodies longer than this (as JSON text) are cut, and the entry says so. */
  maxResponseBytes?: number
}

/** The environment file is read at most this often for redaction (one read serves a burst of calls). */
const secretsTtlMs = 1000

export function createHistoryRecorder(options: HistoryRecorderOptions): HistoryRecorder {
  const { workspaces, environments } = options
  const maxResponseBytes = options.maxResponseBytes ?? 256 * 1024
  let cached: { at: number; secrets: Promise<string[]> } | undefined

  function secrets(): Promise<string[]> {
    const now = Date.now()
    if (!cached || now - cached.at > secretsTtlMs) {
      cached = { at: now, secrets: environments.load().then((snapshot) => environmentSecrets(snapshot.document)) }
    }
    return cached.secrets
  }

  function requestOf(template: HistoryTemplate, found: string[]): HistoryEntry['request'] {
    const { version: _version, metadata, ...rest } = template.request
    const request = redactDeep(rest, found) as HistoryEntry['request']
    if (metadata) request.metadata = redactHeaders(metadata, found)
    return request
  }

  function bounded(response: unknown, found: string[]): { response?: unknown; truncated?: boolean; bytes: number } {
    if (response === undefined) return { bytes: 0 }
    const text = JSON.stringify(redactDeep(response, found)) ?? ''
    const bytes = Buffer.byteLength(text)
    if (bytes <= maxResponseBytes) return { response: JSON.parse(text) as unknown, bytes }
    return { response: Buffer.from(text).subarray(0, maxResponseBytes).toString('utf8'), truncated: true, bytes }
  }

  return {
    unary(template, pending) {
      if (template === undefined) return pending
      const at = Date.now()
      const started = performance.now()
      pending.then(
        (result) =>
          workspaces.record(template.workspace, async (): Promise<HistoryDraft> => {
            const found = await secrets()
            const body = bounded(result.response, found)
            const draft: HistoryDraft = {
              at,
              kind: 'unary',
              request: requestOf(template, found),
              status: result.metadata.http_status ?? result.status,
              ok: result.status === 'OK',
              durationMs: result.durationMs,
              bytes: result.sizeBytes ?? body.bytes,
            }
            if (body.response !== undefined) draft.response = body.response
            if (body.truncated || result.truncated) draft.truncated = true
            return draft
          }),
        (error: unknown) => {
          const durationMs = performance.now() - started
          workspaces.record(template.workspace, async (): Promise<HistoryDraft> => {
            const found = await secrets()
            return {
              at,
              kind: 'unary',
              request: requestOf(template, found),
              status: WorkbenchError.from(error).code,
              ok: false,
              durationMs: Math.round(durationMs),
              bytes: 0,
            }
          })
        },
      )
      return pending
    },
    live(template, kind) {
      const at = Date.now()
      const started = performance.now()
      return (end) => {
        const durationMs = Math.round(performance.now() - started)
        workspaces.record(template.workspace, async (): Promise<HistoryDraft> => {
          const found = await secrets()
          return {
            at,
            kind,
            request: requestOf(template, found),
            status: end.outcome,
            ok: end.outcome === 'ok',
            durationMs,
            bytes: end.bytes,
            frames: end.frames,
          }
        })
      }
    },
  }
}
