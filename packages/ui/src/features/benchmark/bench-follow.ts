/**
 * How the page keeps its running benchmarks current without taxing the runner: the live socket's `bench.progress`
 * arrives once a second, so the server's status (which carries the whole timeline) is read only when a run has been
 * silent for a while — the socket is down or not open yet — and the socket is asked to (re)open then.
 */

/** Silence after which a run's status is read (the socket sends a second every 1 s when it is up). */
export const silenceMs = 2000
const tickMs = 500

export interface RunFollowerOptions {
  /** Reads a run's status once (and settles it). */
  read: (id: string) => void
  /** Opens the live socket when it is not open; called when following starts and whenever a run goes silent. */
  connect?: () => void
}

export interface RunFollower {
  follow: (id: string) => void
  /** The live socket delivered a second of this run. */
  heard: (id: string) => void
  unfollow: (id: string) => void
  dispose: () => void
}

export function createRunFollower(options: RunFollowerOptions): RunFollower {
  const now = Date.now
  // Per run: when the socket last delivered one of its seconds, and when its status was last read.
  const runs = new Map<string, { heardAt: number; readAt: number }>()
  let timer: ReturnType<typeof setInterval> | undefined
  const stopTimer = (): void => {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }
  const tick = (): void => {
    const at = now()
    for (const [id, run] of runs) {
      if (at - run.heardAt < silenceMs || at - run.readAt < silenceMs) continue
      run.readAt = at
      options.connect?.()
      options.read(id)
    }
  }
  return {
    follow(id) {
      runs.set(id, { heardAt: now(), readAt: -Infinity })
      options.connect?.()
      timer ??= setInterval(tick, tickMs)
    },
    heard(id) {
      const run = runs.get(id)
      if (run) run.heardAt = now()
    },
    unfollow(id) {
      runs.delete(id)
      if (runs.size === 0) stopTimer()
    },
    dispose() {
      runs.clear()
      stopTimer()
    },
  }
}
