/**
 * A hub channel's composer (the invocations a connection sends, an upload's items) as a saved request's `composer`
 * option: it lives in a draft of its own, beside the request form's (the connection's options, the upload's
 * invocation), which the tab's draft holds already.
 */
import type { SavedRequestOptions } from '@wirebench/core'
import type { ExtrasContext } from '../extras-context.js'
import { composerKey } from './composer-key.js'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const hubComposerExtras = {
  capture: (key: string, { drafts }: ExtrasContext): SavedRequestOptions => {
    const value = drafts.getState().drafts[composerKey(key)]?.value
    return value && Object.keys(value).length > 0 ? { composer: value } : {}
  },
  restore: (key: string, options: SavedRequestOptions, { drafts }: ExtrasContext): void => {
    const state = drafts.getState()
    state.clearPending(composerKey(key))
    state.setValue(composerKey(key), isRecord(options.composer) ? options.composer : {})
  },
}
