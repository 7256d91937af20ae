/**
 * Connections kept for unary publishes: one per broker and identity (address, credentials, TLS material), reused by
 * the next publish and closed after a quiet spell, so a run of publishes pays for one CONNECT. Streams and sessions
 * open their own connection: a subscription lives and dies with its call.
 */
import { createHash } from 'node:crypto'
import { connectBroker, disconnect } from './connect.js'
import type { Connection, ConnectRequest } from './connect.js'

const IDLE_MS = 10_000

interface Pooled {
  connection: Promise<Connection>
  timer?: NodeJS.Timeout
  users: number
}

const pool = new Map<string, Pooled>()

/** The pool key: a digest, so credentials are not kept as readable map keys. */
function keyOf(request: ConnectRequest): string {
  const { serverUrl, metadata, markers } = request
  const auth = Object.entries(metadata).find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? ''
  return createHash('sha256')
    .update(JSON.stringify([serverUrl, auth, markers.mtls ?? null, markers.trust ?? null]))
    .digest('hex')
}

function drop(key: string, entry: Pooled): void {
  if (pool.get(key) !== entry) return
  pool.delete(key)
  clearTimeout(entry.timer)
  void entry.connection.then(disconnect, () => undefined)
}

export async function withPooledConnection<T>(
  request: ConnectRequest,
  run: (connection: Connection) => Promise<T>,
): Promise<T> {
  const key = keyOf(request)
  let entry = pool.get(key)
  if (!entry) {
    const created: Pooled = {
      connection: connectBroker({ ...request, signal: new AbortController().signal }),
      users: 0,
    }
    entry = created
    pool.set(key, created)
    created.connection.then(
      (connection) => connection.client.once('close', () => drop(key, created)),
      () => drop(key, created),
    )
  }
  clearTimeout(entry.timer)
  entry.users++
  const used = entry
  try {
    return await run(await used.connection)
  } finally {
    used.users--
    if (used.users === 0 && pool.get(key) === used) used.timer = setTimeout(() => drop(key, used), IDLE_MS).unref()
  }
}

export async function closePool(): Promise<void> {
  const entries = [...pool.entries()]
  for (const [key, entry] of entries) drop(key, entry)
  await Promise.all(entries.map(([, entry]) => entry.connection.then(disconnect, () => undefined)))
}
