/** A test client of the MCP session channel over the workbench's live socket: open, read events, send ops. */
import type { LiveServerMessage, McpSessionEvent, McpSessionSend } from '@wirebench/core'
import { isOp } from '../live/live-client.js'
import type { LiveClient } from '../live/live-client.js'

export interface SessionChannel {
  id: string
  /** Every event so far, in order. */
  events(): McpSessionEvent[]
  /** The first event (past or future) matching `match`. */
  waitFor<K extends McpSessionEvent['kind']>(
    kind: K,
    match?: (event: Extract<McpSessionEvent, { kind: K }>) => boolean,
  ): Promise<Extract<McpSessionEvent, { kind: K }>>
  /** Sends an op; resolves with the `sent` answer. */
  send(message: McpSessionSend | Record<string, unknown>): Promise<Extract<LiveServerMessage, { op: 'sent' }>>
  close(): void
}

let channels = 0
let refs = 0

function eventsOf(client: LiveClient, id: string): McpSessionEvent[] {
  return client
    .frames(id)
    .flatMap((frame) => (frame.frame.type === 'message' ? [frame.frame.data as McpSessionEvent] : []))
}

export async function openSessionChannel(
  client: LiveClient,
  url: string,
  metadata?: Record<string, string>,
): Promise<SessionChannel> {
  const id = `session-${++channels}`
  client.send({
    op: 'channel.open',
    id,
    protocol: 'mcp',
    url,
    service: 'Session',
    method: 'events',
    ...(metadata ? { metadata } : {}),
  })
  const opened = await client.waitFor((m) => (m.op === 'opened' || m.op === 'closed') && 'id' in m && m.id === id)
  if (opened.op === 'closed') throw new Error(`The session channel did not open: ${JSON.stringify(opened.problem)}`)
  return {
    id,
    events: () => eventsOf(client, id),
    async waitFor(kind, match = () => true) {
      type Wanted = Extract<McpSessionEvent, { kind: typeof kind }>
      const find = () =>
        eventsOf(client, id).find((event): event is Wanted => event.kind === kind && match(event as never))
      await client.waitFor(() => find() !== undefined)
      return find() as never
    },
    async send(message) {
      const ref = ++refs
      client.send({ op: 'channel.send', id, ref, message })
      return client.waitFor(
        (m): m is Extract<LiveServerMessage, { op: 'sent' }> => isOp('sent', id)(m) && m.ref === ref,
      )
    },
    close() {
      client.send({ op: 'cancel', id })
    },
  }
}
