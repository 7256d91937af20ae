/**
 * The WebSocket composer in a saved request: the message it holds is the request's first message, as a frame of the
 * plugin (`{text}`, `{binary}`, `{ping}`: what `wirebench call --request` sends), and the `composer` option keeps
 * the kind, payload and close code and reason as typed, with the channel's library of saved messages.
 */
import type { SavedRequestOptions } from '@wirebench/core'
import { savedMessagesStoreOf } from '../../state/saved-messages-store.js'
import type { SavedMessageKind } from '../../state/saved-messages.js'
import type { ExtrasContext } from '../extras-context.js'
import { buildWsMessage } from './ws-compose.js'
import { emptyWsDraft, readWsDraft, writeWsDraft, type WsDraft } from './ws-draft.js'

const kinds: ReadonlyArray<WsDraft['kind']> = ['text', 'json', 'binary', 'ping']

/** A library entry as a workspace file keeps it: no ids or times, which mean nothing on another machine. */
interface LibraryEntry {
  name: string
  kind: SavedMessageKind
  payload: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function composerOf(options: SavedRequestOptions): Partial<WsDraft> {
  const saved = options.composer
  if (!isRecord(saved)) return {}
  const patch: Partial<WsDraft> = {}
  const kind = kinds.find((k) => k === saved.kind)
  if (kind) patch.kind = kind
  for (const name of ['payload', 'closeCode', 'closeReason'] as const) {
    const value = saved[name]
    if (typeof value === 'string') patch[name] = value
  }
  return patch
}

/** The composer of a request saved with a frame as its message and no `composer` option (a CLI-written file). */
function composerOfFrame(message: unknown): Partial<WsDraft> {
  if (!isRecord(message)) return {}
  if (typeof message.text === 'string') return { kind: 'text', payload: message.text }
  if (typeof message.binary === 'string') return { kind: 'binary', payload: message.binary }
  if (typeof message.ping === 'string') return { kind: 'ping', payload: message.ping }
  return {}
}

function libraryOf(options: SavedRequestOptions): LibraryEntry[] {
  const saved = isRecord(options.composer) ? options.composer.library : undefined
  if (!Array.isArray(saved)) return []
  return saved.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.name !== 'string' || typeof entry.payload !== 'string') return []
    const kind = kinds.find((k) => k === entry.kind)
    return kind ? [{ name: entry.name, kind, payload: entry.payload }] : []
  })
}

export const wsComposerExtras = {
  capture: (key: string, context: ExtrasContext): SavedRequestOptions => {
    const draft = readWsDraft(key)
    const library: LibraryEntry[] = savedMessagesStoreOf(context.address.url)
      .getState()
      .messages.map(({ name, kind, payload }) => ({ name, kind, payload }))
    const isUntouched = (Object.keys(emptyWsDraft) as Array<keyof WsDraft>).every((k) => draft[k] === emptyWsDraft[k])
    if (isUntouched && library.length === 0) return {}
    return { composer: library.length > 0 ? { ...draft, library } : { ...draft } }
  },
  /** The composer's message as the request's message; none while it is empty or does not make a frame. */
  messages: (key: string): unknown[] | undefined => {
    const { kind, payload } = readWsDraft(key)
    if (payload === '') return undefined
    const built = buildWsMessage(kind, payload)
    return 'message' in built ? [built.message] : undefined
  },
  restore: (key: string, options: SavedRequestOptions, context: ExtrasContext, messages: unknown[] = []): void => {
    const fromOptions = composerOf(options)
    const patch = Object.keys(fromOptions).length > 0 ? fromOptions : composerOfFrame(messages[0])
    writeWsDraft(key, { ...emptyWsDraft, ...patch })
    // The frame lives in the composer; the pane's own draft carries no message of a WebSocket call.
    if (Object.keys(composerOfFrame(messages[0])).length > 0) context.drafts.getState().setValue(key, {})
    // Saved messages the library of this channel lacks are added; what it holds already stays as it is.
    const library = savedMessagesStoreOf(context.address.url)
    for (const entry of libraryOf(options)) {
      const held = library.getState().messages
      if (held.some((m) => m.name === entry.name && m.kind === entry.kind && m.payload === entry.payload)) continue
      library.getState().save(entry)
    }
  },
}
