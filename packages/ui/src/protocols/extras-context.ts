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
  /** The request's messages when the protocol keeps them outside the draft (a composer's message); else the draft's. */
  messages?: (key: string, context: ExtrasContext) => unknown[] | undefined
  /** `messages` are the saved request's, for a protocol whose message is restored outside the draft. */
  restore: (key: string, options: SavedRequestOptions, context: ExtrasContext, messages?: unknown[]) => void
}
