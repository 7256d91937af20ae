/** Marks a streamed value as a message with extras, so the SDK sends `meta` beside it rather than inside it. */
import type { StreamItem } from './types.js'

const itemTag = Symbol.for('wirebench.sidecar.streamItem')

export function streamItem(message: unknown, meta?: Record<string, unknown>): StreamItem {
  const item: StreamItem & { [itemTag]?: true } = { message }
  if (meta !== undefined) item.meta = meta
  Object.defineProperty(item, itemTag, { value: true })
  return item
}

export function isStreamItem(value: unknown): value is StreamItem {
  return typeof value === 'object' && value !== null && (value as { [itemTag]?: true })[itemTag] === true
}
