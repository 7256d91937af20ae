/** Reads an SSE response body into events the way the specification says (a test client, not part of the demo). */

export interface ReadEvent {
  id?: string
  event?: string
  data: string
  retry?: number
}

export interface ReadResult {
  events: ReadEvent[]
  /** True when the body failed mid-stream (the server dropped the connection) rather than ending cleanly. */
  dropped: boolean
}

function parseBlock(block: string): ReadEvent | undefined {
  const event: ReadEvent = { data: '' }
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'data') data.push(value)
    else if (field === 'id') event.id = value
    else if (field === 'event') event.event = value
    else if (field === 'retry') event.retry = Number(value)
  }
  if (data.length === 0) return undefined
  event.data = data.join('\n')
  return event
}

/** Reads events until the body ends, fails, or `limit` events have arrived (then the body is cancelled). */
export async function readEvents(response: Response, limit = Number.POSITIVE_INFINITY): Promise<ReadResult> {
  const events: ReadEvent[] = []
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  try {
    while (events.length < limit) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += value
      let end: number
      while ((end = buffer.indexOf('\n\n')) !== -1 && events.length < limit) {
        const parsed = parseBlock(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        if (parsed) events.push(parsed)
      }
    }
    if (events.length >= limit) await reader.cancel()
    return { events, dropped: false }
  } catch {
    return { events, dropped: true }
  }
}
