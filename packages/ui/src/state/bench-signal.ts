/** The live socket's benchmark messages (`bench.progress`, `bench.ended`), handed to whoever listens (the Benchmark tab). */
import type { LiveServerMessage } from '@wirebench/core'

export type BenchMessage = Extract<LiveServerMessage, { op: 'bench.progress' | 'bench.ended' }>

const listeners = new Set<(message: BenchMessage) => void>()

export function announceBenchMessage(message: BenchMessage): void {
  for (const listener of listeners) listener(message)
}

export function onBenchMessage(listener: (message: BenchMessage) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
