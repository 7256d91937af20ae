/**
 * Shared hub connections for invoke, send, stream and upload: calls that would connect the same way (address,
 * headers, TLS, transport, protocol, keep-alive) reuse one started connection, as an app keeps one HubConnection. A
 * connection without calls closes after a while; one that closes leaves the pool; the least recently used goes when
 * the pool is full.
 */
import { WorkbenchError } from '@wirebench/core'
import { FlowGate } from './client/hub-wire.js'
import { openSession } from './session.js'
import type { OpenSession } from './session.js'
import type { ConnectionChoice } from './types.js'
import type { WireRequest } from './wire.js'

interface Entry {
  key: string
  opening: Promise<OpenSession>
  users: number
  idle: NodeJS.Timeout | undefined
}

export interface PooledSession {
  open: OpenSession
  release(): void
}

export class HubPool {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly options: { idleMs: number; max: number }) {}

  async acquire(request: WireRequest, choice: ConnectionChoice, signal: AbortSignal): Promise<PooledSession> {
    const key = JSON.stringify([request.key, choice])
    let entry = this.entries.get(key)
    if (entry) {
      // This call's own dispatcher holds are not needed: the pooled connection has its own.
      await Promise.all(request.leases.map((lease) => lease.release()))
    } else {
      entry = this.create(key, request, choice)
    }
    clearTimeout(entry.idle)
    entry.users++
    this.entries.delete(key)
    this.entries.set(key, entry)
    try {
      const open = await raceSignal(entry.opening, signal)
      return { open, release: () => this.release(entry) }
    } catch (error) {
      this.release(entry)
      throw error
    }
  }

  private create(key: string, request: WireRequest, choice: ConnectionChoice): Entry {
    // A pooled connection outlives the call that opened it: its start answers to its own budget, not that call's signal.
    const opening = openSession(request, { choice, gate: new FlowGate(), signal: new AbortController().signal })
    const entry: Entry = { key, opening, users: 0, idle: undefined }
    this.entries.set(key, entry)
    opening.then(
      (open) => void open.closed.then(() => this.forget(entry)),
      () => this.forget(entry),
    )
    while (this.entries.size > this.options.max) {
      const oldest = this.entries.values().next().value as Entry
      this.forget(oldest)
      void oldest.opening.then(
        (open) => open.stop(),
        () => undefined,
      )
    }
    return entry
  }

  private release(entry: Entry): void {
    entry.users = Math.max(0, entry.users - 1)
    if (entry.users > 0 || this.entries.get(entry.key) !== entry) return
    entry.idle = setTimeout(() => {
      this.forget(entry)
      void entry.opening.then(
        (open) => open.stop(),
        () => undefined,
      )
    }, this.options.idleMs)
    entry.idle.unref()
  }

  private forget(entry: Entry): void {
    clearTimeout(entry.idle)
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key)
  }

  async close(): Promise<void> {
    const entries = [...this.entries.values()]
    this.entries.clear()
    await Promise.all(
      entries.map(async (entry) => {
        clearTimeout(entry.idle)
        await entry.opening.then(
          (open) => open.stop(),
          () => undefined,
        )
      }),
    )
  }
}

/** Why a call's signal fired, as a WorkbenchError (`timeout` at the deadline, else `cancelled`). */
export function stopped(signal: AbortSignal): WorkbenchError {
  return WorkbenchError.from(signal.reason, 'cancelled')
}

/** The promise, or the signal's reason when it fires first (the promise goes on for others). */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(stopped(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(stopped(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}
