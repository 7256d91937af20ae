/** The WebSocket composer (message kind and text, close code and reason) as a saved request's `composer` option. */
import type { SavedRequestOptions } from '@wirebench/core'
import { emptyWsDraft, readWsDraft, writeWsDraft, type WsDraft } from './ws-draft.js'

const kinds: ReadonlyArray<WsDraft['kind']> = ['text', 'json', 'binary', 'ping']

function composerOf(options: SavedRequestOptions): Partial<WsDraft> {
  const saved = options.composer
  if (typeof saved !== 'object' || saved === null) return {}
  const record = saved as Record<string, unknown>
  const patch: Partial<WsDraft> = {}
  const kind = kinds.find((k) => k === record.kind)
  if (kind) patch.kind = kind
  for (const name of ['payload', 'closeCode', 'closeReason'] as const) {
    const value = record[name]
    if (typeof value === 'string') patch[name] = value
  }
  return patch
}

export const wsComposerExtras = {
  capture: (key: string): SavedRequestOptions => {
    const draft = readWsDraft(key)
    const isUntouched = (Object.keys(emptyWsDraft) as Array<keyof WsDraft>).every((k) => draft[k] === emptyWsDraft[k])
    return isUntouched ? {} : { composer: { ...draft } }
  },
  restore: (key: string, options: SavedRequestOptions): void => {
    writeWsDraft(key, { ...emptyWsDraft, ...composerOf(options) })
  },
}
