/** The shape of a protocol's request extras (see request-extras.ts), apart so each protocol's pair can name it. */
import type { SavedRequestOptions } from '@wirebench/core'
import type { DraftsStore } from '../state/drafts-store.js'
import type { RequestAddress } from '../state/request-address.js'

/** What an extras pair reads and writes besides the tab's own draft. */
export interface ExtrasContext {
  drafts: DraftsStore
  address: RequestAddress
}

export interface RequestExtras {
  capture: (key: string, context: ExtrasContext) => SavedRequestOptions
  restore: (key: string, options: SavedRequestOptions, context: ExtrasContext) => void
}
