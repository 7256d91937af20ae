/** One line of the console: something a call did (sent, answered, a frame, a channel send, opened, closed, failed). */

export const CONSOLE_KINDS = ['request', 'response', 'open', 'frame', 'send', 'close', 'error'] as const

export type ConsoleKind = (typeof CONSOLE_KINDS)[number]

export interface ConsoleEntry {
  /** Absolute index in the console's ring (the n-th entry recorded). */
  index: number
  kind: ConsoleKind
  /** Epoch ms (the browser's clock; a received frame keeps the server's receive time). */
  at: number
  protocol: string
  /** `Service.Method` as the tab names it. */
  method: string
  /** The call this entry belongs to: a unary call's sequence number or a live call's id. */
  callId: string
  /** The outcome in the protocol's words (`OK`, `NOT_FOUND`, an HTTP status) where there is one. */
  status?: string
  durationMs?: number
  /** What the expanded row shows: the request, the response, the frame (raw; masked when shown or exported). */
  detail: unknown
}

/** Characters of a preview kept per entry: a row shows one line, the expanded view shows the whole detail. */
const PREVIEW_CHARS = 240

const previews = new WeakMap<ConsoleEntry, string>()

/** A one-line preview of an entry's detail, built once per entry (a fast stream pays for it only for rows shown). */
export function previewOf(entry: ConsoleEntry): string {
  let text = previews.get(entry)
  if (text === undefined) {
    text = oneLine(previewSource(entry))
    previews.set(entry, text)
  }
  return text
}

function previewSource(entry: ConsoleEntry): unknown {
  const detail = entry.detail as Record<string, unknown> | undefined
  switch (entry.kind) {
    case 'request':
    case 'open':
      return detail?.messages ?? detail?.request ?? detail
    case 'response':
      return detail?.response ?? detail?.error ?? detail
    case 'frame':
    case 'send':
      return detail?.data ?? detail
    case 'close':
    case 'error':
      return detail?.message ?? detail?.problem ?? detail
  }
}

function oneLine(value: unknown): string {
  let text: string
  if (typeof value === 'string') text = value
  else if (value === undefined) text = ''
  else {
    try {
      text = JSON.stringify(value) ?? ''
    } catch {
      text = '(a value JSON cannot hold)'
    }
  }
  const cut = text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text
  return cut.replace(/\s+/g, ' ')
}
