/**
 * Keeps all live logs of a tab within one memory budget: ended calls' logs go first (the longest-ended first, marked as
 * cleared so the UI can say why), then the oldest entries of the largest running logs (counted as evicted).
 */
import { isLiveCallActive, type LiveCallState } from './live-call.js'

/** The calls whose log had to shrink for `calls` to fit in `budget` estimated bytes (empty when they already fit). */
export function trimLogsToBudget(
  calls: Readonly<Record<string, LiveCallState>>,
  budget: number,
): Record<string, LiveCallState> {
  const all = Object.values(calls)
  let total = 0
  for (const call of all) total += call.log.bytes
  const changed: Record<string, LiveCallState> = {}
  if (total <= budget) return changed

  const ended = all.filter((c) => !isLiveCallActive(c) && c.log.size > 0)
  ended.sort((a, b) => (a.endedAt ?? a.startedAt) - (b.endedAt ?? b.startedAt))
  for (const call of ended) {
    if (total <= budget) return changed
    total -= call.log.bytes
    const size = call.log.size
    call.log.clear()
    changed[call.id] = { ...call, memoryCleared: call.memoryCleared + size, version: call.version + 1 }
  }

  const running = all.filter((c) => isLiveCallActive(c) && c.log.size > 0)
  running.sort((a, b) => b.log.bytes - a.log.bytes)
  for (const call of running) {
    if (total <= budget) return changed
    const before = call.log.bytes
    call.log.trimTo(Math.max(0, before - (total - budget)))
    total -= before - call.log.bytes
    changed[call.id] = { ...call, evicted: call.log.evicted, version: call.version + 1 }
  }
  return changed
}
